import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconDroplet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../state/access';
import { FormModal } from '../../ui/form/FormModal';
import { useBrandWatermark } from './api';
import { WatermarkPanel } from './WatermarkPanel';

/**
 * The brand's watermark, from the brand's own home, for whoever manages the brand (its managers
 * as well as administrators, who also find it in the brands admin table). Asked for only by those
 * whose permissions could allow it; shown when the server says they may change it.
 */
export function WatermarkButton({ brand }: { brand: { id: number; name: string; image_uri: string | null } }) {
  const { t } = useTranslation();
  const can = useCan();
  const mayManage = can.permission('asset.manage') || can.permission('brand.manage');
  return mayManage ? <Offer brand={brand} label={t('watermark.manage')} /> : null;
}

function Offer({ brand, label }: { brand: { id: number; name: string; image_uri: string | null }; label: string }) {
  const { t } = useTranslation();
  const q = useBrandWatermark(brand.id);
  const [open, setOpen] = useState(false);
  if (!q.data?.watermark.abilities.update) return null;
  return (
    <>
      <Button variant="default" leftSection={<IconDroplet size={16} />} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <FormModal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('watermark.title', { name: brand.name })}
        size="lg"
      >
        {() => <WatermarkPanel brand={brand} onDone={() => setOpen(false)} />}
      </FormModal>
    </>
  );
}

import { useState } from 'react';
import { Button, Modal } from '@mantine/core';
import { IconCrop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../state/access';
import { CropPresetsEditor } from './CropPresetsEditor';
import { useCropPresets } from './api';

/**
 * The brand's channel presets for cropped downloads, from the brand's home, for whoever manages
 * the brand (as its watermark): asked for only by those whose permissions could allow it, shown
 * when the server says they may change them.
 */
export function CropPresetsButton({ brand }: { brand: { id: number; name: string } }) {
  const can = useCan();
  return can.permission('asset.manage') || can.permission('brand.manage') ? <Offer brand={brand} /> : null;
}

function Offer({ brand }: { brand: { id: number; name: string } }) {
  const { t } = useTranslation();
  const q = useCropPresets(brand.id);
  const [open, setOpen] = useState(false);
  if (!q.data?.abilities.update) return null;
  return (
    <>
      <Button variant="default" leftSection={<IconCrop size={16} />} onClick={() => setOpen(true)}>
        {t('cropPresets.manage')}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('cropPresets.title', { name: brand.name })}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {open && <CropPresetsEditor brandId={brand.id} presets={q.data.presets} onDone={() => setOpen(false)} />}
      </Modal>
    </>
  );
}

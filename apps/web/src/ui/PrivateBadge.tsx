import { Badge } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** UX: PRIVATE items carry a small badge with a lock. */
export function PrivateBadge({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  return (
    <Badge size={size} variant="light" color="gray" leftSection={<IconLock size={10} />} style={{ flex: 'none' }}>
      {t('visibility.PRIVATE')}
    </Badge>
  );
}

import { Badge } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import type { Visibility } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { PrivateBadge } from './PrivateBadge';

/**
 * Where every item states its visibility (the list's column, the asset page): PUBLIC beside
 * PRIVATE in the same shape, so an empty cell is never read as "unknown". Tiles and cards keep
 * to the Private badge alone, the exception worth seeing at a glance.
 */
export function VisibilityBadge({ visibility, size = 'xs' }: { visibility: Visibility; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  if (visibility === 'PRIVATE') return <PrivateBadge size={size} />;
  return (
    <Badge size={size} variant="light" color="teal" leftSection={<IconWorld size={10} />} style={{ flex: 'none' }}>
      {t('visibility.PUBLIC')}
    </Badge>
  );
}

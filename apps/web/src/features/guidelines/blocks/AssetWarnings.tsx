import { Alert, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { blockAssets } from '@brandvault/contract';
import type { GuidelineAsset, GuidelineBlock } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';

/**
 * Editors only: the block's assets that readers see as a placeholder (removed, expired, hidden,
 * or PRIVATE for some), said above the block's form so the editor replaces them.
 */
export function AssetWarnings({ block, assets }: { block: GuidelineBlock; assets: Map<number, GuidelineAsset> }) {
  const { t } = useTranslation();
  const seen = new Set<number>();
  const warned = blockAssets(block)
    .map((ref) => assets.get(ref.id))
    .filter((a): a is GuidelineAsset => !!a?.warning && !seen.has(a.id) && !!seen.add(a.id));
  if (!warned.length) return null;
  return (
    <Stack gap={4} mb="xs">
      {warned.map((a) => (
        <Alert
          key={a.id}
          color={a.warning === 'private' ? 'blue' : 'orange'}
          p="xs"
          icon={<IconAlertTriangle size={16} />}
          data-testid="guideline-asset-warning"
        >
          {t(`guidelines.warning.${a.warning}`, { name: a.name ?? t('guidelines.assetNumber', { id: a.id }) })}
        </Alert>
      ))}
    </Stack>
  );
}

import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUploadLookAlike } from './api';

/**
 * Under a file the upload dialog has just stored: "Looks like Summer-01.jpg in Photos", once the
 * worker has hashed it and found a near-duplicate the uploader may see (beside the exact-duplicate
 * notice, which the upload itself answers). Nothing shows while it is pending or when none is near.
 */
export function UploadLookAlike({ assetId, onNavigate }: { assetId: number; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const near = useUploadLookAlike(assetId).data?.visuals.look_alike;
  if (!near) return null;
  return (
    <Text size="xs" mt={4} c="yellow.9" data-testid="upload-look-alike">
      <Anchor component={Link} to={`/brand/asset/${near.asset_id}`} onClick={onNavigate} size="xs">
        {t('visuals.lookAlike', { name: near.name, folder: near.folder_name })}
      </Anchor>
    </Text>
  );
}

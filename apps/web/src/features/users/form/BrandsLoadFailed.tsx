import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The caller's brands did not load: the brand choices are incomplete until they do. */
export function BrandsLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" title={t('users.brandsLoadFailed')}>
      <Button size="compact-sm" variant="light" color="red" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}

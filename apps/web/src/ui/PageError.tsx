import { Button } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorTexts } from '../api/errors';
import { currentLang } from '../i18n';
import { EmptyBlock } from './EmptyBlock';

/** A page that could not load its data: what went wrong and a way to try again. */
export function PageError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const { title, message } = errorTexts(error, currentLang());
  return (
    <EmptyBlock
      icon={<IconAlertTriangle size={28} stroke={1.6} />}
      title={title}
      description={message}
      action={
        <Button leftSection={<IconRefresh size={16} />} variant="light" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

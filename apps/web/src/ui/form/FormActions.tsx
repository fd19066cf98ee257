import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A form's closing row: Cancel when there is something to leave, then the form's own action. */
export function FormActions({ onCancel, children }: { onCancel?: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      {onCancel && (
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      )}
      {children}
    </Group>
  );
}

import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorTexts } from '../../api/errors';
import { currentLang } from '../../i18n';

/** An API refusal shown in place: catalogue title, server message (already localised). */
export function ErrorAlert({ error }: { error: unknown }) {
  if (!error) return null;
  const { title, message } = errorTexts(error, currentLang());
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertCircle size={18} />} role="alert" mb="md">
      {message}
    </Alert>
  );
}

import { Alert, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ApiError, errorTexts } from '../api/errors';
import { currentLang } from '../i18n';

/**
 * An API refusal shown in place: catalogue title, server message (already localised). With
 * `fields`, a 422's field messages stand in for the message, for forms without those inputs.
 */
export function ErrorAlert({ error, fields = false, mb = 'md' }: { error: unknown; fields?: boolean; mb?: string }) {
  if (!error) return null;
  const { title, message } = errorTexts(error, currentLang());
  const lines = fields && error instanceof ApiError && error.fields ? Object.values(error.fields) : [];
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertCircle size={18} />} role="alert" mb={mb}>
      {lines.length
        ? lines.map((m) => (
            <Text key={m} size="sm">
              {m}
            </Text>
          ))
        : message}
    </Alert>
  );
}

import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorTexts } from '../../api/errors';
import { currentLang } from '../../i18n';

// The sign-in screens' heading and refusal, as features/auth shows them: auth shows this feature's
// buttons, so importing its components back would make a circle.

export function SsoHeading({ title, description }: { title: string; description?: string }) {
  return (
    <Stack gap={4} mb="lg">
      <Title order={1} fz={22} fw={600}>
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      )}
    </Stack>
  );
}

/** An API refusal in the reader's language (catalogue title, server message). */
export function SsoErrorAlert({ error }: { error: unknown }) {
  if (!error) return null;
  const { title, message } = errorTexts(error, currentLang());
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertCircle size={18} />} role="alert" mb="md">
      {message}
    </Alert>
  );
}

import { Button, Card, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The profile's way to the API keys page (issue 41 §3), where keys are made and revoked. */
export function ApiKeysCard() {
  const { t } = useTranslation();
  return (
    <Card component="section" aria-labelledby="profile-api-keys">
      <Title order={2} fz="md" id="profile-api-keys">
        {t('apiKeys.card.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('apiKeys.card.text')}
      </Text>
      <Button component={Link} to="/users/me/api-keys" variant="light" leftSection={<IconKey size={16} />}>
        {t('apiKeys.card.open')}
      </Button>
    </Card>
  );
}

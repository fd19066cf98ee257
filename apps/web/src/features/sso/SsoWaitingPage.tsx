import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../ui/usePageTitle';
import { AuthHeading } from '../../ui/AuthHeading';

/** A new person signed in through a provider: their account waits for an administrator's approval. */
export default function SsoWaitingPage() {
  const { t } = useTranslation();
  usePageTitle(t('sso.waiting.title'));
  return (
    <>
      <AuthHeading title={t('sso.waiting.title')} description={t('sso.waiting.body')} />
      <Text ta="center">
        <Anchor component={Link} to="/login">
          {t('sso.backToLogin')}
        </Anchor>
      </Text>
    </>
  );
}

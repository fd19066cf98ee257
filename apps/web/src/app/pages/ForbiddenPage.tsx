import { Button, Container } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { usePageTitle } from '../../ui/usePageTitle';

/** A signed-in user opened a screen their permissions or roles do not cover. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  usePageTitle(t('forbidden.title'));
  return (
    <Container size="sm" py="xl">
      <EmptyBlock
        icon={<IconLock size={28} stroke={1.6} />}
        title={t('forbidden.title')}
        description={t('forbidden.description')}
        action={
          <Button component={Link} to="/brand/choose" variant="light">
            {t('forbidden.back')}
          </Button>
        }
      />
    </Container>
  );
}

import { Button, Container } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyBlock } from '../components/EmptyBlock';
import { useSession } from '../../state/session';
import type { LaterFeature } from './features';
import { usePageTitle } from '../components/usePageTitle';

/** An honest placeholder for screens whose capability is not built yet. */
export default function NotAvailablePage({ feature, title }: { feature: LaterFeature; title?: string }) {
  const { t } = useTranslation();
  usePageTitle(title ?? t(`later.${feature}`));
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  return (
    <Container size="sm" py="xl">
      <EmptyBlock
        icon={<IconHourglassEmpty size={28} stroke={1.6} />}
        title={title ?? t(`later.${feature}`)}
        description={t('later.description')}
        action={
          <Button component={Link} to={isLoggedIn ? '/brand/choose' : '/login'} variant="light">
            {isLoggedIn ? t('later.back') : t('auth.backToLogin')}
          </Button>
        }
      />
    </Container>
  );
}

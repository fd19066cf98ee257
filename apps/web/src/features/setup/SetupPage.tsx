import { Button, Container, Group, Paper, Skeleton, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import type { BrandSummary } from '@brandvault/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageError } from '../../ui/PageError';
import { usePageTitle } from '../../ui/usePageTitle';
import { notifyError } from '../../lib/notify';
import { useSession } from '../../state/session';
import { useFinishSetup, useSetupState } from './api';
import { BrandStep } from './BrandStep';
import { InviteStep } from './InviteStep';
import { OrgStep } from './OrgStep';
import { forgetProgress, readProgress, saveProgress } from './setupProgress';

/**
 * The first run (issue 27 §7): name the organisation, make the first brand, invite the first
 * users. Every step may be skipped; the whole screen too. Completed or skipped, it is not offered again.
 */
export default function SetupPage() {
  const { t } = useTranslation();
  usePageTitle(t('setup.title'));
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 36em)');
  const state = useSetupState();
  const finish = useFinishSetup();
  // A reload resumes at the step reached, with the brand made there.
  const [resumed] = useState(readProgress);
  const [active, setActive] = useState(resumed.active);
  const [brand, setBrand] = useState<BrandSummary | null>(resumed.brand);
  const [invited, setInvited] = useState(0);
  const myBrands = useSession((s) => s.sessionUser?.brands ?? []);
  const brands = brand && !myBrands.some((b) => b.id === brand.id) ? [brand, ...myBrands] : myBrands;

  useEffect(() => {
    if (active < 3) saveProgress({ active, brand });
  }, [active, brand]);

  const complete = () => {
    setActive(3);
    forgetProgress();
    finish.mutate('completed');
  };
  const skipAll = () =>
    finish.mutate('skipped', {
      onSuccess: () => {
        forgetProgress();
        void navigate('/brand/choose');
      },
      onError: (e) => notifyError(e),
    });
  const goToBrand = () => {
    if (brand) {
      useSession.getState().selectBrand(brand);
      void navigate('/brand');
    } else void navigate('/brand/choose');
  };

  /** On a phone only the active step is labelled, so the three fit one line at 390 px. */
  const labels = (step: number, key: 'org' | 'brand' | 'invite') =>
    phone
      ? { label: active === step ? t(`setup.${key}.step`) : undefined }
      : { label: t(`setup.${key}.step`), description: t(`setup.${key}.description`) };

  if (state.isError) return <PageError error={state.error} onRetry={() => void state.refetch()} />;
  return (
    <Container size="md" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div style={{ flex: '1 1 16rem' }}>
            <Title order={1} size="h2">
              {t('setup.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('setup.subtitle')}
            </Text>
          </div>
          {active < 3 && (
            <Button variant="default" size="xs" onClick={skipAll} loading={finish.isPending}>
              {t('setup.skipAll')}
            </Button>
          )}
        </Group>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          {state.isPending ? (
            <Stack>
              <Skeleton h={40} />
              <Skeleton h={120} />
            </Stack>
          ) : (
            <Stepper active={active} size={phone ? 'xs' : 'sm'} allowNextStepsSelect={false} onStepClick={setActive}>
              <Stepper.Step {...labels(0, 'org')} aria-label={t('setup.org.step')}>
                <OrgStep initial={state.data.org_name ?? ''} onDone={() => setActive(1)} />
              </Stepper.Step>
              <Stepper.Step {...labels(1, 'brand')} aria-label={t('setup.brand.step')}>
                {brand ? (
                  <Stack gap="md">
                    <Text>{t('setup.brand.made', { name: brand.name })}</Text>
                    <Group justify="flex-end">
                      <Button onClick={() => setActive(2)}>{t('setup.continue')}</Button>
                    </Group>
                  </Stack>
                ) : (
                  <BrandStep
                    onCreated={(b) => {
                      setBrand(b);
                      setActive(2);
                    }}
                    onSkip={() => setActive(2)}
                  />
                )}
              </Stepper.Step>
              <Stepper.Step {...labels(2, 'invite')} aria-label={t('setup.invite.step')}>
                <InviteStep
                  brands={brands}
                  defaultBrand={brand}
                  onDone={(n) => {
                    setInvited(n);
                    complete();
                  }}
                />
              </Stepper.Step>
              <Stepper.Completed>
                <Stack align="center" gap="sm" py="md" ta="center">
                  <IconCircleCheck size={40} stroke={1.5} color="var(--mantine-color-teal-6)" />
                  <Title order={2} size="h3">
                    {t('setup.done.title')}
                  </Title>
                  <Text c="dimmed" size="sm">
                    {invited ? t('setup.done.invited', { count: invited }) : t('setup.done.noInvites')}
                  </Text>
                  <Button onClick={goToBrand} mt="sm">
                    {brand ? t('setup.done.goBrand', { name: brand.name }) : t('setup.done.goChooser')}
                  </Button>
                </Stack>
              </Stepper.Completed>
            </Stepper>
          )}
        </Paper>
      </Stack>
    </Container>
  );
}

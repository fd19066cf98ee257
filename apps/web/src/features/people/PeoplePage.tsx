import {
  Alert,
  Button,
  Container,
  Group,
  Image,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSession } from '../../state/session';
import { confirm } from '../../ui/confirm/confirmStore';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { useFacesSwitch, usePeople } from './api';
import { FacesSwitchCard } from './FacesSwitchCard';
import { PersonPanel } from './PersonPanel';

/** The selected brand's people (issue 42 §3): a grid of faces, one person's page, the admin's switch. */
export default function PeoplePage() {
  const { t } = useTranslation();
  usePageTitle(t('people.title'));
  const brand = useSession((s) => s.selectedBrand);
  const [hidden, setHidden] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const list = usePeople(brand?.id ?? 0, hidden);
  const turn = useFacesSwitch(brand?.id ?? 0);
  if (!brand) return null;
  const data = list.data;
  const turnOff = async () => {
    const ok = await confirm({
      title: t('people.disableTitle'),
      message: t('people.disableMessage'),
      confirmLabel: t('people.disable'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (ok)
      turn.mutate(
        { enabled: false },
        { onSuccess: () => notifySuccess(t('people.title'), t('people.disabled')), onError: (e) => notifyError(e) },
      );
  };
  return (
    <Container size="lg" py="md">
      <PageHeader title={t('people.title')} description={t('people.subtitle', { brand: brand.name })} />
      {list.isError ? (
        <Alert color="red">{t('people.loadError')}</Alert>
      ) : !data ? (
        <Text c="dimmed">{t('common.loading')}</Text>
      ) : !data.enabled ? (
        data.can_switch ? (
          <FacesSwitchCard brandId={brand.id} available={data.available} />
        ) : (
          <Alert color="gray" title={t('people.offTitle')}>
            {t('people.off')}
          </Alert>
        )
      ) : (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            {data.can_manage ? (
              <SegmentedControl
                value={hidden ? 'hidden' : 'shown'}
                onChange={(v) => (setHidden(v === 'hidden'), setOpen(null))}
                data={[
                  { value: 'shown', label: t('people.shown') },
                  { value: 'hidden', label: t('people.hiddenList') },
                ]}
              />
            ) : (
              <span />
            )}
            {data.can_switch && (
              <Button color="red" variant="light" loading={turn.isPending} onClick={() => void turnOff()}>
                {t('people.disable')}
              </Button>
            )}
          </Group>
          {!data.items.length ? (
            <Text c="dimmed">{hidden ? t('people.noneHidden') : t('people.none')}</Text>
          ) : (
            <SimpleGrid cols={{ base: 3, xs: 4, sm: 6, md: 8 }} spacing="sm">
              {data.items.map((p) => (
                <UnstyledButton
                  key={p.id}
                  onClick={() => setOpen(p.id)}
                  aria-pressed={open === p.id}
                  aria-label={`${p.name ?? t('people.unnamed')}, ${t('people.faces', { count: p.faces })}`}
                >
                  <Stack gap={2} align="center">
                    {p.cover_url && <Image src={p.cover_url} alt="" radius="50%" h={72} w={72} fit="cover" />}
                    <Text size="sm" fw={500} lineClamp={1} c={p.name ? undefined : 'dimmed'}>
                      {p.name ?? t('people.unnamed')}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('people.faces', { count: p.faces })}
                    </Text>
                  </Stack>
                </UnstyledButton>
              ))}
            </SimpleGrid>
          )}
          {open !== null && (
            <PersonPanel id={open} others={data.items} canManage={data.can_manage} onGone={(next) => setOpen(next)} />
          )}
        </Stack>
      )}
    </Container>
  );
}

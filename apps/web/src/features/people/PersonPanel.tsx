import { Button, Card, Checkbox, Group, Image, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Person } from '@brandvault/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useHidePerson, useMergePerson, useNamePerson, usePerson, useSplitPerson } from './api';

/** One person: their faces (each links to its asset) and, for those who may, name, merge, split, hide. */
export function PersonPanel({
  id,
  others,
  canManage,
  onGone,
}: {
  id: number;
  others: Person[];
  canManage: boolean;
  onGone: (next: number | null) => void;
}) {
  const { t } = useTranslation();
  const detail = usePerson(id);
  const [name, setName] = useState('');
  const [into, setInto] = useState<string | null>(null);
  const [picked, setPicked] = useState<number[]>([]);
  const rename = useNamePerson();
  const merge = useMergePerson();
  const split = useSplitPerson();
  const hide = useHidePerson();
  const person = detail.data?.person;
  useEffect(() => {
    setName(person?.name ?? '');
    setPicked([]);
  }, [person?.id, person?.name]);
  if (detail.isError)
    return (
      <Text c="red" size="sm">
        {t('people.loadError')}
      </Text>
    );
  if (!detail.data || !person)
    return (
      <Text size="sm" c="dimmed">
        {t('common.loading')}
      </Text>
    );
  const done = (msg: string) => () => notifySuccess(t('people.title'), msg);
  return (
    <Card withBorder component="section" aria-labelledby="person-title">
      <Stack gap="sm">
        <Title order={2} fz="md" id="person-title">
          {person.name ?? t('people.unnamed')}
        </Title>
        {canManage && (
          <Stack gap="xs">
            <Group align="flex-end" wrap="wrap">
              <TextInput
                label={t('people.name')}
                value={name}
                maxLength={120}
                onChange={(e) => setName(e.currentTarget.value)}
                style={{ flex: '1 1 12rem' }}
              />
              <Button
                disabled={!name.trim() || name.trim() === person.name}
                loading={rename.isPending}
                onClick={() =>
                  rename.mutate(
                    { id, name: name.trim() },
                    { onSuccess: done(t('people.named')), onError: (e) => notifyError(e) },
                  )
                }
              >
                {t('people.saveName')}
              </Button>
            </Group>
            <Group align="flex-end" wrap="wrap">
              <Select
                label={t('people.mergeInto')}
                placeholder={t('people.choosePerson')}
                data={others
                  .filter((o) => o.id !== id)
                  .map((o) => ({ value: String(o.id), label: o.name ?? `${t('people.unnamed')} #${o.id}` }))}
                value={into}
                onChange={setInto}
                searchable
                style={{ flex: '1 1 12rem' }}
              />
              <Button
                variant="light"
                disabled={!into}
                loading={merge.isPending}
                onClick={() =>
                  merge.mutate(
                    { id, into: Number(into) },
                    {
                      onSuccess: () => (done(t('people.merged'))(), onGone(Number(into))),
                      onError: (e) => notifyError(e),
                    },
                  )
                }
              >
                {t('people.merge')}
              </Button>
            </Group>
            <Group wrap="wrap">
              <Button
                variant="light"
                disabled={!picked.length || picked.length === detail.data.faces.length}
                loading={split.isPending}
                onClick={() =>
                  split.mutate(
                    { id, faces: picked },
                    {
                      onSuccess: (r) => (done(t('people.splitDone'))(), onGone(r.person.id)),
                      onError: (e) => notifyError(e),
                    },
                  )
                }
              >
                {t('people.split', { count: picked.length })}
              </Button>
              <Button
                variant="default"
                loading={hide.isPending}
                onClick={() =>
                  hide.mutate(
                    { id, hidden: !person.hidden },
                    {
                      onSuccess: done(person.hidden ? t('people.shownAgain') : t('people.hiddenDone')),
                      onError: (e) => notifyError(e),
                    },
                  )
                }
              >
                {person.hidden ? t('people.unhide') : t('people.hide')}
              </Button>
            </Group>
          </Stack>
        )}
        <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="xs">
          {detail.data.faces.map((f) => (
            <Stack key={f.id} gap={4}>
              <Link to={`/brand/asset/${f.asset_id}`} aria-label={f.asset_name}>
                <Image src={f.crop_url} alt="" radius="sm" h={96} w={96} fit="cover" />
              </Link>
              <Text size="xs" lineClamp={1}>
                {f.asset_name}
              </Text>
              {canManage && (
                <Checkbox
                  size="xs"
                  label={t('people.select')}
                  checked={picked.includes(f.id)}
                  onChange={(e) =>
                    setPicked((p) => (e.currentTarget.checked ? [...p, f.id] : p.filter((x) => x !== f.id)))
                  }
                />
              )}
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

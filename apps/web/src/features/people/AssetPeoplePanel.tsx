import { Anchor, Avatar, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError } from '../../lib/notify';
import { useAssetPeople, useNamePerson } from './api';

/** "People in this file" on the asset page: names link to a search for the person; the unnamed can be named. */
export function AssetPeoplePanel({ assetId }: { assetId: number }) {
  const { t } = useTranslation();
  const q = useAssetPeople(assetId);
  const data = q.data;
  // Faces off (or not looked at) and nobody found: the panel has nothing to say.
  if (!data || (data.state !== 'done' && !data.people.length)) return null;
  return (
    <Card component="section" aria-labelledby="asset-people" withBorder>
      <Title order={2} fz="md" id="asset-people" mb="sm">
        {t('people.inFile')}
      </Title>
      {!data.people.length ? (
        <Text size="sm" c="dimmed">
          {t('people.noneInFile')}
        </Text>
      ) : (
        <Stack gap="xs">
          {data.people.map((p) => (
            <Group key={p.id} gap="sm" wrap="nowrap">
              <Avatar src={p.crop_url} alt="" radius="xl" />
              {p.name ? (
                <Anchor component={Link} to={`/brand?person=${p.id}`}>
                  {p.name}
                </Anchor>
              ) : data.can_manage ? (
                <NameField id={p.id} />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('people.unnamed')}
                </Text>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function NameField({ id }: { id: number }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const rename = useNamePerson();
  return (
    <Group gap="xs" wrap="nowrap" style={{ flex: 1 }}>
      <TextInput
        size="xs"
        aria-label={t('people.name')}
        placeholder={t('people.unnamed')}
        value={name}
        maxLength={120}
        onChange={(e) => setName(e.currentTarget.value)}
        style={{ flex: 1 }}
      />
      <Button
        size="xs"
        disabled={!name.trim()}
        loading={rename.isPending}
        onClick={() => rename.mutate({ id, name: name.trim() }, { onError: (e) => notifyError(e) })}
      >
        {t('people.saveName')}
      </Button>
    </Group>
  );
}

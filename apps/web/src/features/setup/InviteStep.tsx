import { ActionIcon, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { InviteUserBody } from '@brandvault/contract';
import type { BrandSummary } from '@brandvault/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { validateWith } from '../../lib/forms';
import { focusFirstError } from '../../lib/focusFirstError';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useGrantable } from '../users/api';
import { useInviteUser } from '../users/api';

interface Row {
  key: string;
  email: string;
  role: string | null;
  brand: string | null;
}
const ROW_FIELD: Record<string, keyof Row> = { email: 'email', roles: 'role', brands: 'brand' };

const bodyOf = (r: Row) => ({
  email: r.email,
  roles: r.role ? [r.role] : [],
  brands: r.brand ? [Number(r.brand)] : [],
});
/** A row's field messages (from the contract or a 422) under that row's inputs. */
const rowErrors = (i: number, fields: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(fields).map(([k, m]) => [`rows.${i}.${ROW_FIELD[k.split('.')[0]!] ?? 'email'}`, m]),
  );

/** Step 3: invite the first users by e-mail, each with a role and a brand; none is fine too. */
export function InviteStep({
  brands,
  defaultBrand,
  onDone,
}: {
  brands: BrandSummary[];
  defaultBrand: BrandSummary | null;
  onDone: (invited: number) => void;
}) {
  const { t } = useTranslation();
  const invite = useInviteUser();
  const grantable = useGrantable();
  const [failed, setFailed] = useState<unknown>(null);
  const [sent, setSent] = useState(0);
  const newRow = (): Row => ({
    key: randomId(),
    email: '',
    role: 'member',
    brand: defaultBrand ? String(defaultBrand.id) : null,
  });
  const form = useForm<{ rows: Row[] }>({
    initialValues: { rows: [newRow()] },
    validate: (v) =>
      v.rows.reduce((all, r, i) => ({ ...all, ...rowErrors(i, validateWith(InviteUserBody, bodyOf(r))) }), {}),
  });
  const roleOptions = (grantable.data?.roles ?? ['member']).map((r) => ({
    value: r,
    label: t(`roles.${r}`, { defaultValue: r }),
  }));
  const brandOptions = brands.map((b) => ({ value: String(b.id), label: b.name }));

  const submit = form.onSubmit(async ({ rows }) => {
    setFailed(null);
    let done = sent;
    for (const row of rows) {
      try {
        await invite.mutateAsync(bodyOf(row));
        done += 1;
        setSent(done);
        form.removeListItem(
          'rows',
          form.getValues().rows.findIndex((r) => r.key === row.key),
        );
      } catch (error) {
        if (error instanceof ApiError && error.fields && Object.keys(error.fields).length) {
          form.setErrors(rowErrors(0, error.fields));
          focusFirstError();
        } else setFailed(error);
        return;
      }
    }
    onDone(done);
  });

  const rows = form.values.rows;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('setup.invite.hint')}
        </Text>
        <ErrorAlert error={failed} mb="0" />
        {sent > 0 && (
          <Text size="sm" role="status">
            {t('setup.invite.sent', { count: sent })}
          </Text>
        )}
        {rows.map((row, i) => (
          <Paper key={row.key} withBorder p="sm" radius="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput
                label={t('fields.email')}
                type="email"
                name={`rows.${i}.email`}
                required
                autoComplete="off"
                {...form.getInputProps(`rows.${i}.email`)}
              />
              <Select
                label={t('setup.invite.role')}
                data={roleOptions}
                allowDeselect={false}
                required
                {...form.getInputProps(`rows.${i}.role`)}
              />
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <Select
                  label={t('setup.invite.brand')}
                  data={brandOptions}
                  placeholder={t('setup.invite.noBrand')}
                  clearable
                  style={{ flex: 1, minWidth: 0 }}
                  {...form.getInputProps(`rows.${i}.brand`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  mb={form.errors[`rows.${i}.brand`] ? 22 : 0}
                  aria-label={t('setup.invite.remove', { n: i + 1 })}
                  onClick={() => form.removeListItem('rows', i)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            </SimpleGrid>
          </Paper>
        ))}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => form.insertListItem('rows', newRow())}
          >
            {t('setup.invite.add')}
          </Button>
        </Group>
        <Group justify="space-between" gap="sm">
          <Button variant="subtle" onClick={() => onDone(sent)}>
            {t('setup.skipStep')}
          </Button>
          <Button type="submit" loading={invite.isPending}>
            {rows.length ? t('setup.invite.send', { count: rows.length }) : t('setup.continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

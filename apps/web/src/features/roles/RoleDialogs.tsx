import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import type { PermissionName, RoleView } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCreateRole, useDeleteRole, useUpdateRole } from './api';

/** Create (name and a role to copy) or rename (name only, when `role` is given). */
export function RoleNameModal({ roles, role, onClose }: { roles: RoleView[]; role?: RoleView; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(role?.name ?? '');
  const [copy, setCopy] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const create = useCreateRole();
  const update = useUpdateRole();
  const busy = create.isPending || update.isPending;
  const submit = () => {
    const done = () => {
      notifySuccess(t('roles.title'), t('roles.saved'));
      onClose();
    };
    const failed = (e: unknown) => {
      if (e instanceof ApiError && e.fields?.name) setError(e.fields.name);
      else notifyError(e);
    };
    if (role) update.mutate({ id: role.id, name }, { onSuccess: done, onError: failed });
    else {
      const from = roles.find((r) => String(r.id) === copy);
      const permissions = (from?.permissions ?? []) as PermissionName[];
      create.mutate({ name, permissions }, { onSuccess: done, onError: failed });
    }
  };
  return (
    <Modal opened onClose={onClose} title={role ? t('roles.rename') : t('roles.create')}>
      <Stack>
        <TextInput
          label={t('roles.name')}
          description={t('roles.nameHint')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        {!role && (
          <Select
            label={t('roles.copyFrom')}
            placeholder={t('roles.copyNone')}
            clearable
            data={roles.map((r) => ({ value: String(r.id), label: r.name }))}
            value={copy}
            onChange={setCopy}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('roles.cancel')}
          </Button>
          <Button onClick={submit} loading={busy} disabled={!name.trim()}>
            {t('roles.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function DeleteRoleModal({ role, onClose }: { role: RoleView; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteRole();
  const [error, setError] = useState<string>();
  return (
    <Modal opened onClose={onClose} title={t('roles.delete')}>
      <Stack>
        <Text>{t('roles.deleteConfirm', { name: role.name })}</Text>
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('roles.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(role.id, {
                onSuccess: () => {
                  notifySuccess(t('roles.title'), t('roles.deleted', { name: role.name }));
                  onClose();
                },
                onError: (e) => (e instanceof ApiError && e.fields?.name ? setError(e.fields.name) : notifyError(e)),
              })
            }
          >
            {t('roles.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

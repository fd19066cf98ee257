import { Alert, Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import type { AdminUser, RoleName } from '@brandvault/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { ApiError } from '../../api/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useApproveUser, useGrantable, useMyBrands } from './api';
import { userName } from './userColumns';

/** The registration being approved; null while the dialog is closed. */
export const useApproveStore = create<{ user: AdminUser | null }>(() => ({ user: null }));
const close = () => useApproveStore.setState({ user: null });

/**
 * Approves a registration choosing the new user's roles and brands in the same step, so they do
 * not land on "ask an administrator". Offers only what the caller may grant: the roles the server
 * names, and the brands the caller belongs to (the server checks both again).
 */
export function ApproveUserDialog() {
  const { t } = useTranslation();
  const user = useApproveStore((s) => s.user);
  const grantable = useGrantable(user !== null);
  const brands = useMyBrands(user !== null);
  const approve = useApproveUser();
  const [roles, setRoles] = useState<string[]>(['member']);
  const [brandIds, setBrandIds] = useState<string[]>([]);
  const [fields, setFields] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!user) return;
    setRoles(['member']);
    setBrandIds(user.brands.map((b) => String(b.id)));
    setFields({});
  }, [user]);

  // The server names an element's field (`roles.0`) when one value is bad; show it on the input.
  const fieldError = (k: string) => Object.entries(fields).find(([f]) => f === k || f.startsWith(`${k}.`))?.[1];
  const roleOptions = (grantable.data?.roles ?? []).map((r) => ({
    value: r,
    label: t(`roles.${r}`, { defaultValue: r }),
  }));
  const brandOptions = (brands.data?.items ?? []).map((b) => ({ value: String(b.id), label: b.name }));

  const submit = () => {
    if (!user) return;
    const name = userName(user);
    approve.mutate(
      { id: user.id, roles: roles as RoleName[], brands: brandIds.map(Number) },
      {
        onSuccess: () => {
          close();
          notifySuccess(t('users.approvedTitle'), t('users.approved', { name }));
        },
        onError: (e) => {
          if (e instanceof ApiError && e.fields) setFields(e.fields);
          else notifyError(e);
        },
      },
    );
  };

  return (
    <Modal opened={user !== null} onClose={close} title={t('users.approveConfirmTitle')} centered>
      {user && (
        <Stack gap="md">
          <Text size="sm">{t('users.approveConfirm', { name: userName(user) })}</Text>
          <MultiSelect
            label={t('users.form.roles')}
            data={roleOptions}
            value={roles}
            onChange={setRoles}
            error={fieldError('roles')}
            required
            data-testid="approve-roles"
            comboboxProps={{ withinPortal: false }}
          />
          <MultiSelect
            label={t('users.form.brands')}
            description={t('users.approveBrandsHint')}
            data={brandOptions}
            value={brandIds}
            onChange={setBrandIds}
            error={fieldError('brands')}
            searchable
            data-testid="approve-brands"
            comboboxProps={{ withinPortal: false }}
          />
          {brands.isError && (
            <Alert color="red" variant="light">
              {t('users.brandsLoadFailed')}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button onClick={submit} loading={approve.isPending} disabled={roles.length === 0}>
              {t('users.approve')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

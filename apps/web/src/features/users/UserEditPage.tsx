import { Button, Container, Paper, Stack } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { PageError } from '../../ui/PageError';
import { PageHeader } from '../../ui/PageHeader';
import { ScreenSkeleton } from '../../ui/ScreenSkeleton';
import { usePageTitle } from '../../ui/usePageTitle';
import { notifySuccess } from '../../lib/notify';
import { useCan } from '../../state/access';
import { useSession } from '../../state/session';
import { useEditUser, useGrantable, useMyBrands, useUser } from './api';
import { BrandsLoadFailed } from './form/BrandsLoadFailed';
import { grantOptions } from './form/grantOptions';
import { showSaveError } from './form/saveError';
import { UserForm } from './form/UserForm';
import { editBody, userValues } from './form/userFormValues';
import { PhotoField } from './PhotoField';
import { userName } from './userColumns';
import { UserTwoFactorPanel } from '../twoFactor/UserTwoFactorPanel';

/**
 * users.edit: the create form filled with the user, offering what the caller may grant (what the
 * user holds beyond it stays, locked), and the profile photo (route guard: user.manage).
 */
export default function UserEditPage() {
  const { t } = useTranslation();
  usePageTitle(t('users.editTitle'));
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const user = useUser(id);
  const grantable = useGrantable();
  const brands = useMyBrands(true);
  const edit = useEditUser();
  const [fields, setFields] = useState<Record<string, string>>({});
  const isAdmin = useCan().role('admin');
  const self = useSession((s) => s.sessionUser?.id) === id;

  const back = (
    <Button component={Link} to="/users" variant="default" leftSection={<IconArrowLeft size={16} />}>
      {t('users.back')}
    </Button>
  );
  const failed = user.error ?? grantable.error;
  let body;
  if (failed)
    body = (
      <PageError
        error={failed}
        onRetry={() => void Promise.all([user.isError && user.refetch(), grantable.isError && grantable.refetch()])}
      />
    );
  else if (!user.data || !grantable.data) body = <ScreenSkeleton />;
  else if (!user.data.user.abilities.edit)
    body = (
      <EmptyBlock
        icon={<IconLock size={28} stroke={1.6} />}
        title={t('users.notEditableTitle')}
        description={t('users.notEditable')}
        action={back}
        framed={false}
      />
    );
  else {
    const u = user.data.user;
    const options = grantOptions({
      grantable: grantable.data,
      myBrands: brands.data?.items ?? [],
      user: u,
      // A non-administrator's own roles, permissions and brands are an administrator's to change;
      // an administrator keeps their own admin role.
      lockAll: self && !isAdmin,
      keepRoles: self ? ['admin'] : [],
      roleLabel: (r) => t(`roles.${r}`, { defaultValue: r }),
    });
    body = (
      <Stack gap="lg">
        <PhotoField userId={u.id} name={userName(u)} photoUri={u.photo_uri} canChange={u.abilities.photo} />
        <UserTwoFactorPanel userId={u.id} name={userName(u)} canReset={u.abilities.edit} />
        <UserForm
          // A reload (after a save elsewhere) starts the form again from the stored user.
          key={u.id}
          mode="edit"
          initial={userValues(u)}
          options={options}
          statusNote={u.abilities.change_status ? undefined : t('users.form.ownStatus')}
          accessNote={self && !isAdmin ? t('users.form.ownAccess') : undefined}
          fields={fields}
          notice={brands.isError && <BrandsLoadFailed onRetry={() => void brands.refetch()} />}
          pending={edit.isPending}
          submitLabel={t('users.save')}
          onCancel={() => void navigate('/users')}
          onSubmit={(values) => {
            setFields({});
            edit.mutate(
              { id, body: editBody(values) },
              {
                onSuccess: ({ user: saved }) => {
                  notifySuccess(t('users.updatedTitle'), t('users.updated', { name: userName(saved) }));
                  void navigate('/users');
                },
                onError: (e) => showSaveError(e, setFields),
              },
            );
          }}
        />
      </Stack>
    );
  }

  return (
    <Container size="md" py="xl">
      <PageHeader
        title={t('users.editTitle')}
        description={user.data ? `${userName(user.data.user)} · ${user.data.user.email}` : undefined}
        actions={back}
      />
      {failed ? (
        body
      ) : (
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
          {body}
        </Paper>
      )}
    </Container>
  );
}

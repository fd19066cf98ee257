import { Container, Paper } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageError } from '../../ui/PageError';
import { PageHeader } from '../../ui/PageHeader';
import { ScreenSkeleton } from '../../ui/ScreenSkeleton';
import { usePageTitle } from '../../ui/usePageTitle';
import { notifySuccess } from '../../lib/notify';
import { useCreateUser, useGrantable, useMyBrands } from './api';
import { BrandsLoadFailed } from './form/BrandsLoadFailed';
import { grantOptions } from './form/grantOptions';
import { showSaveError } from './form/saveError';
import { UserForm } from './form/UserForm';
import { createBody, newUserValues } from './form/userFormValues';

/**
 * users.create: a new active user with roles, direct permissions and brands, offering only what
 * the caller may grant (the server's grantable answer and the caller's own brands).
 */
export default function UserCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('users.createTitle'));
  const navigate = useNavigate();
  const grantable = useGrantable();
  const brands = useMyBrands(true);
  const create = useCreateUser();
  const [fields, setFields] = useState<Record<string, string>>({});

  let body;
  if (grantable.isPending) body = <ScreenSkeleton />;
  else if (grantable.isError) body = <PageError error={grantable.error} onRetry={() => void grantable.refetch()} />;
  else {
    const offered = grantable.data.roles;
    const options = grantOptions({
      grantable: grantable.data,
      myBrands: brands.data?.items ?? [],
      roleLabel: (r) => t(`roles.${r}`, { defaultValue: r }),
    });
    body = (
      <UserForm
        mode="create"
        initial={newUserValues(offered.includes('member') ? ['member'] : offered.slice(-1))}
        options={options}
        fields={fields}
        notice={brands.isError && <BrandsLoadFailed onRetry={() => void brands.refetch()} />}
        pending={create.isPending}
        submitLabel={t('users.create')}
        onCancel={() => void navigate('/users')}
        onSubmit={(values) => {
          setFields({});
          create.mutate(createBody(values), {
            onSuccess: ({ user }) => {
              notifySuccess(
                t('users.createdTitle'),
                t('users.created', { name: `${user.first_name} ${user.last_name}` }),
              );
              void navigate('/users');
            },
            onError: (e) => showSaveError(e, setFields),
          });
        }}
      />
    );
  }

  return (
    <Container size="md" py="xl">
      <PageHeader title={t('users.createTitle')} description={t('users.createSubtitle')} />
      {grantable.isError ? (
        body
      ) : (
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
          {body}
        </Paper>
      )}
    </Container>
  );
}

import { Badge } from '@mantine/core';
import type { AdminUser } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { isPending } from './api';

export function UserStatusBadge({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  if (isPending(user))
    return (
      <Badge color="yellow" variant="light">
        {t('users.status.pending')}
      </Badge>
    );
  return user.status === 'ACTIVE' ? (
    <Badge color="teal" variant="light">
      {t('users.status.active')}
    </Badge>
  ) : (
    <Badge color="gray" variant="light">
      {t('users.status.inactive')}
    </Badge>
  );
}

import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconCloudUpload,
  IconDownload,
  IconKey,
  IconFileSpreadsheet,
  IconInbox,
  IconLogout,
  IconUser,
  IconUserCircle,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../state/session';
import { useCan } from '../../state/access';
import { useLogout } from './useLogout';
import classes from './Navbar.module.css';

export function ProfileMenu() {
  const { t } = useTranslation();
  const user = useSession((s) => s.sessionUser);
  const logout = useLogout();
  const can = useCan();
  if (!user) return null;
  const fullName = `${user.first_name} ${user.last_name}`.trim();

  return (
    <Menu position="bottom-end" width={240}>
      <Menu.Target>
        <UnstyledButton className={classes.profileButton} aria-label={t('profile.menu')} data-testid="profile-menu">
          <Group gap={8} wrap="nowrap">
            <Avatar
              src={user.photo_thumb_uri ?? user.photo_uri ?? undefined}
              alt=""
              radius="xl"
              size={30}
              color="vault"
              data-testid="navbar-avatar"
            >
              <IconUser size={18} stroke={1.7} />
            </Avatar>
            <Text size="sm" fw={500} className={classes.profileName}>
              {fullName}
            </Text>
            <IconChevronDown size={14} stroke={1.7} aria-hidden className={classes.profileChevron} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="dark.7" truncate>
            {fullName}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/users/me" leftSection={<IconUserCircle size={16} stroke={1.7} />}>
          {t('profile.myProfile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/users/me/api-keys" leftSection={<IconKey size={16} stroke={1.7} />}>
          {t('apiKeys.title')}
        </Menu.Item>
        <Menu.Item component={Link} to="/downloads" leftSection={<IconDownload size={16} stroke={1.7} />}>
          {t('downloads.title')}
        </Menu.Item>
        {can.permission('asset.create') && (
          <Menu.Item component={Link} to="/upload-requests" leftSection={<IconInbox size={16} stroke={1.7} />}>
            {t('uploadRequests.title')}
          </Menu.Item>
        )}
        <Menu.Item component={Link} to="/uploads/review" leftSection={<IconCloudUpload size={16} stroke={1.7} />}>
          {t('reviews.mineTitle')}
        </Menu.Item>
        <Menu.Item component={Link} to="/reports/imports" leftSection={<IconFileSpreadsheet size={16} stroke={1.7} />}>
          {t('reports.imports.title')}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconLogout size={16} stroke={1.7} />} onClick={() => void logout()}>
          {t('logout.action')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

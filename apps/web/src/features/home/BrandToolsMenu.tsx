import { Button, Menu } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconCertificate, IconSettings, IconTags, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../state/access';
import { useSession } from '../../state/session';
import { useMayOpenBrandSettings } from '../brandSettings/access';
import { usePeople } from '../people/api';

/**
 * The brand's own settings screens, from its home, for whoever may change them: managers hold
 * these permissions without the admin role, and the Admin menu is the admin role's alone (§6).
 */
export function BrandToolsMenu() {
  const { t } = useTranslation();
  const can = useCan();
  const brand = useSession((s) => s.selectedBrand);
  const mayOpenSettings = useMayOpenBrandSettings();
  const facesOn = usePeople(brand?.id ?? 0).data?.enabled ?? false;
  const links = [
    {
      key: 'metadata',
      to: '/brand/metadata',
      icon: <IconTags size={16} />,
      allowed: can.permission('metadata.manage'),
    },
    {
      // Admins turn faces on here; others see the entry once faces are on.
      key: 'people',
      to: '/brand/people',
      icon: <IconUsers size={16} />,
      allowed: can.role('admin') || facesOn,
    },
    {
      key: 'rights',
      to: '/brand/rights',
      icon: <IconCertificate size={16} />,
      allowed: can.permission('rights.manage'),
    },
    {
      // The watermark, crop presets and smart search, on a page of their own.
      key: 'brandSettings',
      to: '/brand/settings',
      icon: <IconSettings size={16} />,
      allowed: mayOpenSettings,
    },
  ].filter((l) => l.allowed);
  if (!links.length) return null;
  return (
    <Menu position="bottom-end" width={230}>
      <Menu.Target>
        <Button variant="default" leftSection={<IconAdjustmentsHorizontal size={16} />}>
          {t('folders.brandTools')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {links.map((l) => (
          <Menu.Item key={l.key} component={Link} to={l.to} leftSection={l.icon}>
            {t(`admin.links.${l.key}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

import { Group, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { MenuValue } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { useSession } from '../../state/session';
import { MENU_ICONS } from '../../ui/menuIcons';
import { adminMenu, orderedMenu } from './menu';
import classes from './Navbar.module.css';

export function useMenuModel() {
  const permissions = useSession((s) => s.permissions);
  const sessionUser = useSession((s) => s.sessionUser);
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const selectedBrand = useSession((s) => s.selectedBrand);
  const favoritesId = useSession((s) => s.favoritesId);
  const subject = { permissions, sessionUser, isLoggedIn, selectedBrand, favoritesId };
  return { entries: orderedMenu(subject), admin: adminMenu(subject) };
}

/** The navbar's menu in the user's saved order (§2, §6). */
export function MainMenu() {
  const { t } = useTranslation();
  const { entries, admin } = useMenuModel();
  const { pathname } = useLocation();

  return (
    <Group gap={2} wrap="nowrap" component="nav" aria-label={t('nav.label')}>
      {entries.map((entry) =>
        entry.value === 'admin' ? (
          admin.length > 0 && (
            <Menu key="admin" position="bottom-start" width={230}>
              <Menu.Target>
                <button
                  type="button"
                  className={classes.link}
                  data-active={pathname.startsWith('/users') && !pathname.startsWith('/users/me') ? true : undefined}
                >
                  {MENU_ICONS.admin}
                  {t('menu.admin')}
                  <IconChevronDown size={14} stroke={1.7} aria-hidden />
                </button>
              </Menu.Target>
              <Menu.Dropdown>
                {admin.map((group, i) => (
                  <div key={group.key}>
                    {i > 0 && <Menu.Divider />}
                    <Menu.Label>{t(`admin.groups.${group.key}`)}</Menu.Label>
                    {group.links.map((link) => (
                      <Menu.Item key={link.key} component={Link} to={link.to}>
                        {t(`admin.links.${link.key}`)}
                      </Menu.Item>
                    ))}
                  </div>
                ))}
              </Menu.Dropdown>
            </Menu>
          )
        ) : (
          <NavLink
            key={entry.value}
            to={entry.to}
            end={entry.value !== 'my_collections'}
            className={classes.link}
            data-tour={entry.value}
            // NavLink sets aria-current; data-active drives the style.
            {...(isActive(pathname, entry.to, entry.value) ? { 'data-active': true } : {})}
          >
            {MENU_ICONS[entry.value]}
            {t(`menu.${entry.value}`)}
          </NavLink>
        ),
      )}
    </Group>
  );
}

function isActive(pathname: string, to: string, value: MenuValue) {
  if (value === 'my_collections') return pathname === '/collections/own';
  return pathname === to;
}

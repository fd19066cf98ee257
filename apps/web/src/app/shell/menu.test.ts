import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '@brandvault/contract';
import { brand, loginAnswer } from '../../test/fixtures';
import { adminMenu, orderedMenu } from './menu';

const perms = (names: readonly string[]) => names.map((name) => ({ name }));
const admin = {
  isLoggedIn: true,
  sessionUser: { ...loginAnswer.session_user, roles: [{ name: 'admin' }] },
  permissions: perms(ROLE_PERMISSIONS.admin),
  selectedBrand: null,
  favoritesId: 41,
};

describe('navbar menu', () => {
  it('follows the saved order and hides Change Brand until a brand is selected', () => {
    const menu = [
      { order: 1, label: 'Admin', value: 'admin' as const },
      { order: 2, label: 'Home', value: 'home' as const },
    ];
    const s = { ...admin, sessionUser: { ...admin.sessionUser, user_settings: { menu, home: 'brand' as const } } };
    // Entries missing from the saved order follow it in their default order.
    expect(orderedMenu(s).map((e) => e.value)).toEqual([
      'admin',
      'home',
      'dashboard',
      'my_collections',
      'my_favorites',
    ]);
    expect(orderedMenu({ ...s, selectedBrand: brand }).map((e) => e.value)).toContain('change_brand');
  });

  it('puts the dashboard first for whoever holds dashboard.view', () => {
    expect(orderedMenu(admin)[0]).toEqual({ value: 'dashboard', to: '/dashboard' });
    const member = { ...admin, permissions: perms(ROLE_PERMISSIONS.member) };
    expect(orderedMenu(member)[0]?.value).toBe('dashboard');
  });

  it('gates entries by permission and the Admin menu by role', () => {
    const guest = {
      ...admin,
      sessionUser: { ...admin.sessionUser, roles: [{ name: 'guest' }] },
      permissions: perms(ROLE_PERMISSIONS.guest),
    };
    expect(orderedMenu(guest).map((e) => e.value)).toEqual(['home', 'my_collections', 'my_favorites']);
    const noCollections = { ...guest, permissions: perms(['brand.view']) };
    expect(orderedMenu(noCollections).map((e) => e.value)).toEqual(['home']);
    expect(adminMenu(admin).map((g) => g.key)).toEqual([
      'assets',
      'brands',
      'metadata',
      'rights',
      'webhooks',
      'users',
      'roles',
      'shareLinks',
      'extensions',
      'sso',
      'audit',
      'trace',
      'apiKeys',
    ]);
    // The audit log and the trace tool are the admin role's, not a permission's: a manager with every permission but it sees neither.
    const manager = { ...admin, sessionUser: { ...admin.sessionUser, roles: [{ name: 'manager' }] } };
    expect(adminMenu(manager).map((g) => g.key)).not.toContain('audit');
    expect(adminMenu(manager).map((g) => g.key)).not.toContain('extensions');
    expect(adminMenu(manager).map((g) => g.key)).not.toContain('trace');
    expect(adminMenu(manager).map((g) => g.key)).not.toContain('apiKeys');
    expect(adminMenu(manager).map((g) => g.key)).not.toContain('sso');
    // Brand metadata is metadata.manage's: managers see it, members do not.
    expect(adminMenu(manager).find((g) => g.key === 'metadata')?.links).toEqual([
      { key: 'metadata', to: '/brand/metadata' },
    ]);
    const plainMember = { ...admin, permissions: perms(ROLE_PERMISSIONS.member) };
    expect(adminMenu(plainMember).map((g) => g.key)).not.toContain('metadata');
    // Usage rights are rights.manage's: managers see them, members do not.
    expect(adminMenu(manager).find((g) => g.key === 'rights')?.links).toEqual([{ key: 'rights', to: '/brand/rights' }]);
    expect(adminMenu(plainMember).map((g) => g.key)).not.toContain('rights');
    // Webhooks are a brand's settings: its managers (asset.manage) see them, members do not.
    expect(adminMenu(manager).find((g) => g.key === 'webhooks')?.links).toEqual([
      { key: 'webhooks', to: '/brand/webhooks' },
    ]);
    expect(adminMenu(plainMember).map((g) => g.key)).not.toContain('webhooks');
    const noUserView = { ...admin, permissions: perms(ROLE_PERMISSIONS.admin.filter((p) => p !== 'user.view')) };
    expect(adminMenu(noUserView).map((g) => g.key)).not.toContain('users');
  });

  it('shows the asset manager and Sync under Assets (asset.manage), each with asset.view', () => {
    expect(adminMenu(admin).find((g) => g.key === 'assets')).toEqual({
      key: 'assets',
      links: [
        { key: 'assetsManage', to: '/asset/manager' },
        { key: 'assetsSync', to: '/asset/sync' },
      ],
    });
    const manager = {
      ...admin,
      sessionUser: { ...admin.sessionUser, roles: [{ name: 'manager' }] },
      permissions: perms(ROLE_PERMISSIONS.manager),
    };
    expect(adminMenu(manager).map((g) => g.key)).toContain('assets');
    const member = { ...manager, permissions: perms(ROLE_PERMISSIONS.member) };
    expect(adminMenu(member).map((g) => g.key)).not.toContain('assets');
    const manageOnly = { ...admin, permissions: perms(['asset.manage']) };
    expect(adminMenu(manageOnly).map((g) => g.key)).not.toContain('assets');
    const viewAndManage = { ...manager, permissions: perms(['asset.manage', 'asset.view']) };
    expect(adminMenu(viewAndManage).find((g) => g.key === 'assets')?.links).toContainEqual({
      key: 'assetsSync',
      to: '/asset/sync',
    });
  });

  it('shows Share Links to whoever may view them, managing or not', () => {
    const viewOnly = { ...admin, permissions: perms(['shareLink.view']) };
    expect(adminMenu(viewOnly).find((g) => g.key === 'shareLinks')).toEqual({
      key: 'shareLinks',
      links: [{ key: 'shareLinks', to: '/share-link/manage' }],
    });
    const manageOnly = { ...admin, permissions: perms(['shareLink.manage']) };
    expect(adminMenu(manageOnly).map((g) => g.key)).not.toContain('shareLinks');
  });

  it('leads an administrator to every screen of the menu', () => {
    const targets = [
      ...orderedMenu(admin).map((e) => e.to),
      ...adminMenu(admin).flatMap((g) => g.links.map((l) => l.to)),
    ];
    expect(targets).toEqual(
      expect.arrayContaining([
        '/dashboard',
        '/asset/manager',
        '/asset/sync',
        '/brand',
        '/collections/own',
        '/users',
        '/brand/all',
        '/share-link/manage',
        '/audit/all',
      ]),
    );
  });

  it('opens My Favorites at the stored favourites id, and leaves it out while none is known', () => {
    expect(orderedMenu(admin).find((e) => e.value === 'my_favorites')?.to).toBe('/collections/own/41');
    expect(orderedMenu({ ...admin, favoritesId: null }).map((e) => e.value)).not.toContain('my_favorites');
  });
});

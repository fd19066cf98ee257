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
};

describe('navbar menu', () => {
  it('follows the saved order and hides Change Brand until a brand is selected', () => {
    const menu = [
      { order: 1, label: 'Admin', value: 'admin' as const },
      { order: 2, label: 'Home', value: 'home' as const },
    ];
    const s = { ...admin, sessionUser: { ...admin.sessionUser, user_settings: { menu } } };
    expect(orderedMenu(s).map((e) => e.value)).toEqual(['admin', 'home']);
    expect(orderedMenu({ ...s, selectedBrand: brand }).map((e) => e.value)).toContain('change_brand');
  });

  it('gates entries by permission and the Admin menu by role', () => {
    const guest = {
      ...admin,
      sessionUser: { ...admin.sessionUser, roles: [{ name: 'guest' }] },
      permissions: perms(ROLE_PERMISSIONS.guest),
    };
    expect(orderedMenu(guest).map((e) => e.value)).toEqual(['home']);
    expect(adminMenu(admin).map((g) => g.key)).toEqual(['brands', 'users']);
    const noUserView = { ...admin, permissions: perms(ROLE_PERMISSIONS.admin.filter((p) => p !== 'user.view')) };
    expect(adminMenu(noUserView).map((g) => g.key)).not.toContain('users');
  });

  it('hides every entry whose screen is not built yet', () => {
    const targets = [
      ...orderedMenu(admin).map((e) => e.to),
      ...adminMenu(admin).flatMap((g) => g.links.map((l) => l.to)),
    ];
    expect(targets).not.toContain('/dashboard');
    expect(targets).not.toContain('/collections/own');
    expect(targets).not.toContain('/audit/all');
    expect(targets).toEqual(expect.arrayContaining(['/brand', '/users', '/brand/all']));
  });
});

import { DEFAULT_MENU } from '@brandvault/contract';
import type { MenuValue, PermissionName, RoleName } from '@brandvault/contract';
import type { SessionData } from '../../state/session';
import { hasPermission, hasRole } from '../../state/access';
import { homePath } from '../../features/brands/homePath';

export interface NavEntry {
  value: MenuValue;
  to: string;
}

/** Where each menu value leads (§2). Favourites open the own-collection screen of their id. */
const TARGETS: Record<Exclude<MenuValue, 'my_favorites'>, string> = {
  dashboard: '/dashboard',
  home: '/brand',
  change_brand: '/brand/choose',
  my_collections: '/collections/own',
  admin: '',
};

type Subject = Pick<SessionData, 'permissions' | 'sessionUser' | 'isLoggedIn' | 'selectedBrand'> & {
  favoritesId?: number | null;
};

const targetOf = (value: MenuValue, s: Subject) =>
  value === 'my_favorites'
    ? s.favoritesId
      ? `/collections/own/${s.favoritesId}`
      : ''
    : value === 'home'
      ? homePath(s.sessionUser)
      : TARGETS[value];

function visible(value: MenuValue, s: Subject): boolean {
  switch (value) {
    case 'dashboard':
      return hasPermission(s, 'dashboard.view');
    case 'home':
      return hasPermission(s, 'brand.view');
    case 'change_brand':
      return s.selectedBrand !== null;
    case 'my_collections':
      return hasPermission(s, 'collection.view');
    case 'my_favorites':
      // Its address is the stored favourites id: none known yet (an old saved state), no entry.
      return hasPermission(s, 'collection.view') && !!s.favoritesId;
    case 'admin':
      return hasRole(s, 'admin');
  }
}

/** The user's menu order (user_settings.menu, else the defaults), filtered by §6. */
export function orderedMenu(s: Subject): NavEntry[] {
  const saved = s.sessionUser?.user_settings.menu ?? [];
  const source = saved.length > 0 ? saved : DEFAULT_MENU;
  const seen = new Set<MenuValue>();
  const entries = [...source]
    .sort((a, b) => a.order - b.order)
    .filter((m) => (seen.has(m.value) ? false : (seen.add(m.value), true)));
  // Values missing from an old saved order keep their default place at the end.
  for (const d of DEFAULT_MENU) if (!seen.has(d.value)) entries.push(d);
  return entries.filter((m) => visible(m.value, s)).map((m) => ({ value: m.value, to: targetOf(m.value, s) }));
}

export interface AdminLink {
  key: string;
  to: string;
}
export interface AdminGroup {
  key: string;
  links: AdminLink[];
}

interface Rule {
  key: string;
  to: string;
  permission?: PermissionName;
  role?: RoleName;
}
interface GroupRule {
  key: string;
  permission?: PermissionName;
  role?: RoleName;
  links: Rule[];
}

const ADMIN: GroupRule[] = [
  {
    key: 'assets',
    permission: 'asset.manage',
    links: [
      { key: 'assetsManage', to: '/asset/manager', permission: 'asset.view' },
      { key: 'assetsSync', to: '/asset/sync', permission: 'asset.view' },
    ],
  },
  { key: 'brands', permission: 'brand.manage', links: [{ key: 'brands', to: '/brand/all', permission: 'brand.view' }] },
  // The selected brand's own fields and vocabularies (issue 39): managers have it without brand.manage.
  {
    key: 'metadata',
    permission: 'metadata.manage',
    links: [{ key: 'metadata', to: '/brand/metadata', permission: 'metadata.manage' }],
  },
  // The selected brand's licences and consents (issue 40): managers have it without brand.manage.
  {
    key: 'rights',
    permission: 'rights.manage',
    links: [{ key: 'rights', to: '/brand/rights', permission: 'rights.manage' }],
  },
  // The selected brand's webhooks (issue 41 §4): its managers (asset.manage) and administrators.
  {
    key: 'webhooks',
    permission: 'asset.manage',
    links: [{ key: 'webhooks', to: '/brand/webhooks', permission: 'asset.manage' }],
  },
  { key: 'users', permission: 'user.manage', links: [{ key: 'users', to: '/users', permission: 'user.view' }] },
  { key: 'roles', permission: 'role.view', links: [{ key: 'roles', to: '/roles/manage', permission: 'role.view' }] },
  // shareLink.view alone reaches the list (changing a link needs shareLink.manage on the screen):
  // the group shows whenever its link does.
  {
    key: 'shareLinks',
    links: [{ key: 'shareLinks', to: '/share-link/manage', permission: 'shareLink.view' }],
  },
  { key: 'extensions', role: 'admin', links: [{ key: 'extensions', to: '/extension/all', role: 'admin' }] },
  { key: 'sso', role: 'admin', links: [{ key: 'sso', to: '/sso/manage', role: 'admin' }] },
  { key: 'audit', role: 'admin', links: [{ key: 'audit', to: '/audit/all', role: 'admin' }] },
  { key: 'trace', role: 'admin', links: [{ key: 'trace', to: '/watermark/trace', role: 'admin' }] },
  { key: 'apiKeys', role: 'admin', links: [{ key: 'apiKeys', to: '/api-keys/manage', role: 'admin' }] },
];

function allowed(rule: { permission?: PermissionName; role?: RoleName }, s: Subject) {
  if (rule.permission && !hasPermission(s, rule.permission)) return false;
  if (rule.role && !hasRole(s, rule.role)) return false;
  return true;
}

/** The Admin dropdown's groups and links, each gated by its permission or role (§6). */
export function adminMenu(s: Subject): AdminGroup[] {
  return ADMIN.filter((g) => allowed(g, s))
    .map((g) => ({
      key: g.key,
      links: g.links.filter((l) => allowed(l, s)).map(({ key, to }) => ({ key, to })),
    }))
    .filter((g) => g.links.length > 0);
}

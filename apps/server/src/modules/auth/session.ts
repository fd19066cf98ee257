import { DEFAULT_MENU, MenuSettings } from '@brandvault/contract';
import type { MeResponse, MenuItem } from '@brandvault/contract';
import type { BrandsRepo } from '../brands/brands.repo.js';
import type { CollectionsRepo } from '../collections/collections.repo.js';
import { brandsPolicy } from '../brands/brands.policy.js';
import { brandSummary } from '../brands/brands.view.js';
import type { MediaUrl } from '../../lib/mediaUrl.js';
import { userPhotoUrls } from '../../lib/photoUrls.js';
import type { PhotoHosts } from '../../lib/photoUrls.js';
import type { RolesRepo } from '../roles/roles.repo.js';
import type { ShortcutsRepo } from '../shortcuts/shortcuts.repo.js';
import { visibleShortcuts } from '../shortcuts/shortcuts.service.js';
import type { Actor, UserRow } from '../../access/principal.js';

export function menuOf(user: UserRow): MenuItem[] {
  if (!user.menu_settings) return DEFAULT_MENU;
  const parsed = MenuSettings.safeParse(JSON.parse(user.menu_settings));
  return parsed.success && parsed.data.length ? [...parsed.data].sort((a, b) => a.order - b.order) : DEFAULT_MENU;
}

/** The `{session_user, permissions, emulator, favorites_id}` answer of login and me. */
export async function sessionView(
  deps: { roles: RolesRepo; brands: BrandsRepo; shortcuts: ShortcutsRepo; collections: CollectionsRepo },
  { media, config }: { media: MediaUrl; config: { profilePhotoHosts: PhotoHosts } },
  actor: Actor,
  at: string,
): Promise<MeResponse> {
  const u = actor.user;
  const [brandRows, favoritesId] = await Promise.all([
    deps.brands.forUser(u.id, brandsPolicy.seesAllBrands(actor)),
    // Made on first use: every user has one, and the navbar's My Favorites opens it.
    deps.collections.ensureFavorites(u.id, at),
  ]);
  const brands = brandRows.map((b) => brandSummary(b, media));
  const shortcuts = await visibleShortcuts(deps.shortcuts, actor, brands);
  return {
    session_user: {
      id: u.id,
      first_name: u.first_name,
      last_name: u.last_name,
      email: u.email,
      lang: u.lang === 'es' ? 'es' : 'en',
      status: u.status === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE',
      verified_at: u.verified_at,
      ...userPhotoUrls(media, config.profilePhotoHosts)(u),
      company: u.company,
      country: u.country,
      phone: u.phone,
      position: u.position,
      user_settings: { menu: menuOf(u), home: u.default_home === 'gallery' ? 'gallery' : 'brand' },
      roles: actor.roles.map((name) => ({ name })),
      brands,
      shortcuts,
      tour: { completed_at: u.tour_completed_at, dismissed_at: u.tour_dismissed_at },
    },
    permissions: [...actor.permissions].sort().map((name) => ({ name })),
    emulator: { isEmulating: actor.emulatorId !== null, admin_id: actor.emulatorId },
    favorites_id: favoritesId,
  };
}

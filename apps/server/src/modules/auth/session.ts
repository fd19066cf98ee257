import { DEFAULT_MENU, MenuSettings } from '@brandvault/contract';
import type { MeResponse, MenuItem } from '@brandvault/contract';
import type { BrandsRepo } from '../brands/brands.repo.js';
import { brandsPolicy } from '../brands/brands.policy.js';
import { brandSummary } from '../brands/brands.view.js';
import type { MediaUrl } from '../../lib/mediaUrl.js';
import type { RolesRepo } from '../roles/roles.repo.js';
import type { Actor, UserRow } from './actor.js';

export function menuOf(user: UserRow): MenuItem[] {
  if (!user.menu_settings) return DEFAULT_MENU;
  const parsed = MenuSettings.safeParse(JSON.parse(user.menu_settings));
  return parsed.success && parsed.data.length ? [...parsed.data].sort((a, b) => a.order - b.order) : DEFAULT_MENU;
}

/** The `{session_user, permissions, emulator}` answer of login and me. */
export async function sessionView(
  deps: { roles: RolesRepo; brands: BrandsRepo },
  media: MediaUrl,
  actor: Actor,
): Promise<MeResponse> {
  const u = actor.user;
  const brands = await deps.brands.forUser(u.id, brandsPolicy.seesAllBrands(actor));
  return {
    session_user: {
      id: u.id,
      first_name: u.first_name,
      last_name: u.last_name,
      email: u.email,
      lang: u.lang === 'es' ? 'es' : 'en',
      status: u.status === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE',
      verified_at: u.verified_at,
      photo_uri: u.photo_uri,
      company: u.company,
      country: u.country,
      phone: u.phone,
      position: u.position,
      user_settings: { menu: menuOf(u) },
      roles: actor.roles.map((name) => ({ name })),
      brands: brands.map((b) => brandSummary(b, media)),
    },
    permissions: [...actor.permissions].sort().map((name) => ({ name })),
    emulator: { isEmulating: actor.emulatorId !== null, admin_id: actor.emulatorId },
  };
}

import type { SessionUser } from '@brandvault/contract';

/** Where choosing a brand leads: the user's default home (profile), the brand home unless Gallery. */
export function homePath(user: Pick<SessionUser, 'user_settings'> | null | undefined): '/brand' | '/brand2' {
  // A session kept from before the setting existed has none: the brand home.
  return user?.user_settings?.home === 'gallery' ? '/brand2' : '/brand';
}

import type { MediaUrl } from './mediaUrl.js';

/** The provider's API host and the configured host its photo addresses are shown from (origins). */
export type PhotoHosts = { provider: string; host: string } | undefined;

/**
 * A photo address from the external provider as the browser may load it (spec §7): one on the
 * provider's API host is moved to the configured host, one already there is kept. Anything else
 * is null: the page's policy loads images only from here and the configured host, and a
 * third-party address would tell that host who looks at the page.
 */
export function providerPhoto(uri: string | null | undefined, hosts: PhotoHosts): string | null {
  if (!uri || !hosts) return null;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.origin === hosts.host) return url.href;
  if (url.origin !== hosts.provider) return null;
  return new URL(`${url.pathname}${url.search}${url.hash}`, hosts.host).href;
}

/** The columns a user's photo is read from. */
export interface PhotoColumns {
  photo_key: string | null;
  photo_thumb_key: string | null;
  photo_uri: string | null;
}

/** A user's photo and avatar as the answers carry them: the stored pictures first, else the provider's. */
export function userPhotoUrls(media: MediaUrl, hosts: PhotoHosts) {
  return (u: PhotoColumns): { photo_uri: string | null; photo_thumb_uri: string | null } => {
    if (u.photo_key) return { photo_uri: media(u.photo_key), photo_thumb_uri: media(u.photo_thumb_key ?? u.photo_key) };
    const external = providerPhoto(u.photo_uri, hosts);
    return { photo_uri: external, photo_thumb_uri: external };
  };
}

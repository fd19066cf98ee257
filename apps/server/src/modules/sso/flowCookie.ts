import { seal, unseal } from '../../lib/crypto.js';

/** The browser's half of one sign-in: sealed (encrypted and signed) with the app key, httpOnly. */
export interface Flow {
  /** The provider's id. */
  p: number;
  state: string;
  nonce: string;
  verifier: string;
  /** Where the web app goes after signing in (a path of this app). */
  next: string | null;
  /** Milliseconds since the epoch after which the flow is refused. */
  exp: number;
}

export const FLOW_COOKIE = 'bv_sso';
export const FLOW_MINUTES = 10;
const PURPOSE = 'sso-flow';

export const sealFlow = (appKey: string, flow: Flow) => seal(appKey, PURPOSE, JSON.stringify(flow));

/** The flow, or null when the cookie is missing, forged, sealed under another key or expired. */
export function openFlow(appKey: string, raw: string | undefined, now: number): Flow | null {
  if (!raw) return null;
  const plain = unseal(appKey, PURPOSE, raw);
  if (!plain) return null;
  try {
    const flow = JSON.parse(plain) as Flow;
    return typeof flow.exp === 'number' && flow.exp > now ? flow : null;
  } catch {
    return null;
  }
}

export const flowCookieOptions = (secure: boolean) => ({
  path: '/api/sso',
  httpOnly: true,
  // The provider sends the browser back with a top-level GET from its own site: lax lets it through.
  sameSite: 'lax' as const,
  secure,
  maxAge: FLOW_MINUTES * 60,
});

import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may be sent (SSRF): the host is resolved and every address it has is checked,
 * so that a public name pointing inside the network is refused; the request is then pinned to the
 * checked address (webhooks.send.ts), so a second lookup cannot answer differently.
 */

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

// Everything not routable on the public internet: private, shared, link-local, documentation,
// benchmark, multicast and reserved ranges, and their IPv6 counterparts.
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2001::', 23],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** The IPv4 address an IPv6 one carries (v4-mapped `::ffff:a.b.c.d`, v4-compatible, NAT64), if any. */
function embeddedV4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const [hi, lo] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

export type AddressVerdict = 'public' | 'loopback' | 'private';

/** Whether an IP address is public, loopback, or otherwise not to be called. */
export function classify(address: string): AddressVerdict {
  const family = isIP(address);
  if (family === 0) return 'private';
  if (family === 6) {
    const v4 = embeddedV4(address);
    if (v4) return classify(v4);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (loopback.check(address, type)) return 'loopback';
  return blocked.check(address, type) ? 'private' : 'public';
}

export type Resolved =
  { ok: true; address: string; family: 4 | 6 } | { ok: false; reason: 'https' | 'private' | 'unresolvable' };

/** A URL's host without the brackets of an IPv6 literal. */
const hostOf = (u: URL) => u.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Checks an address before saving it and again before each delivery: https only (http too for a
 * loopback receiver when `allowLoopback`), no credentials, and every address the host resolves to
 * public (or loopback when allowed). Answers the one address to connect to.
 */
export async function resolveTarget(raw: string, allowLoopback: boolean): Promise<Resolved> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'https' };
  }
  if (url.username || url.password) return { ok: false, reason: 'https' };
  if (url.protocol !== 'https:' && !(allowLoopback && url.protocol === 'http:')) return { ok: false, reason: 'https' };
  const host = hostOf(url);
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      return { ok: false, reason: 'unresolvable' };
    }
  }
  if (!addresses.length) return { ok: false, reason: 'unresolvable' };
  const verdicts = addresses.map((a) => classify(a.address));
  const allowed = (v: AddressVerdict) => v === 'public' || (allowLoopback && v === 'loopback');
  if (!verdicts.every(allowed)) return { ok: false, reason: 'private' };
  // Plain http is for a receiver on this machine only (tests, local development).
  if (url.protocol === 'http:' && !verdicts.every((v) => v === 'loopback')) return { ok: false, reason: 'https' };
  const first = addresses[0]!;
  return { ok: true, address: first.address, family: first.family === 6 ? 6 : 4 };
}

import { describe, expect, it } from 'vitest';
import { MEDIA_PREFIX, mediaUrlFactory } from './mediaUrl.js';
import { verifySignedPath } from './signedUrl.js';

describe('media links', () => {
  it('gives the same valid link all day, and a new valid one the next day', () => {
    let now = new Date('2026-11-22T08:00:00.000Z');
    const media = mediaUrlFactory('key', { now: () => now });
    const check = (url: string) => {
      const u = new URL(url, 'http://x');
      return verifySignedPath(
        'key',
        u.pathname,
        u.searchParams.get('exp') ?? undefined,
        u.searchParams.get('sig') ?? undefined,
        now,
      );
    };
    const first = media('derivatives/1/thumb.webp')!;
    expect(first.startsWith(`${MEDIA_PREFIX}derivatives/1/thumb.webp?exp=`)).toBe(true);
    expect(check(first)).toBe(true);
    now = new Date('2026-11-22T20:00:00.000Z');
    expect(media('derivatives/1/thumb.webp')).toBe(first);
    now = new Date('2026-11-23T08:00:00.000Z');
    const next = media('derivatives/1/thumb.webp')!;
    expect(next).not.toBe(first);
    expect(check(next)).toBe(true);
    expect(media(null)).toBeNull();
  });
});

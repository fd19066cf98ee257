import { describe, expect, it } from 'vitest';
import type { SharePrincipal } from '../../access/principal.js';
import { hasPermission, isAdmin } from '../../access/principal.js';
import { assetsPolicy } from '../assets/assets.policy.js';
import { brandsPolicy } from '../brands/brands.policy.js';
import { collectionsPolicy } from '../collections/collections.policy.js';
import { jobsPolicy } from '../jobs/jobs.policy.js';
import { shareLinksPolicy } from './shareLinks.policy.js';
import type { ShareLinkRow } from './shareLinks.repo.js';

const NOW = '2026-11-25T12:00:00.000Z';
const row = (over: Partial<ShareLinkRow> = {}): ShareLinkRow => ({
  id: 1,
  collection_id: 10,
  owner_id: 5,
  token_hash: 'h',
  token_enc: 'e',
  audience: 'anyone',
  password_hash: null,
  allow_download: 1,
  watermark: 0,
  traceable: 0,
  message: null,
  expires_at: '2026-11-26T12:00:00.000Z',
  revoked_at: null,
  views: 0,
  downloads: 0,
  created_at: NOW,
  updated_at: NOW,
  ...over,
});
const link = (over: Partial<ShareLinkRow> = {}, unlocked = false): SharePrincipal => ({
  kind: 'share',
  link: row(over),
  viewerId: null,
  unlocked,
});

describe('a share link as a principal', () => {
  it('views only the collection it was made for, and holds no permission, role or other right', () => {
    const p = link();
    expect(collectionsPolicy.can(p, 'view', { id: 10, owner_id: 5, favorite_of: null })).toBe(true);
    expect(collectionsPolicy.can(p, 'view', { id: 11, owner_id: 5, favorite_of: null })).toBe(false);
    expect(collectionsPolicy.can(p, 'add_assets', { id: 10, owner_id: 5, favorite_of: null })).toBe(false);
    expect(collectionsPolicy.abilities(p, { id: 10, owner_id: 5, favorite_of: null })).toEqual({
      update: false,
      remove: false,
      add_assets: false,
      remove_assets: false,
    });
    expect(hasPermission(p, 'collection.view')).toBe(false);
    expect(isAdmin(p)).toBe(false);
    const asset = {
      visibility: 'PUBLIC',
      status: 'ACTIVE',
      private_path: 0,
      folder_status: 'ACTIVE',
      brand_status: 'ACTIVE',
      member_id: 5,
      availability: 'available',
      review_state: 'approved',
      created_by: 5,
    };
    expect(assetsPolicy.can(p, 'view', asset)).toBe(false);
    expect(brandsPolicy.can(p, 'view', { status: 'ACTIVE', member: true })).toBe(false);
    expect(jobsPolicy.can(p, 'view', { owner_id: 5 })).toBe(false);
  });

  it('opens while live, after its password, and gives originals only with the download right', () => {
    expect(shareLinksPolicy.linkCan(link(), 'original', NOW)).toBe(true);
    expect(shareLinksPolicy.linkCan(link({ expires_at: '2026-11-25T11:59:59.000Z' }), 'view', NOW)).toBe(false);
    expect(shareLinksPolicy.linkCan(link({ expires_at: null }), 'view', NOW)).toBe(true);
    expect(shareLinksPolicy.linkCan(link({ revoked_at: NOW }), 'thumbnail', NOW)).toBe(false);
    for (const kind of ['view', 'thumbnail', 'preview', 'original'] as const) {
      expect(shareLinksPolicy.linkCan(link({ password_hash: 'x' }), kind, NOW)).toBe(false);
      expect(shareLinksPolicy.linkCan(link({ password_hash: 'x' }, true), kind, NOW)).toBe(true);
    }
    expect(shareLinksPolicy.linkCan(link({ allow_download: 0 }), 'preview', NOW)).toBe(true);
    expect(shareLinksPolicy.linkCan(link({ allow_download: 0 }), 'original', NOW)).toBe(false);
  });
});

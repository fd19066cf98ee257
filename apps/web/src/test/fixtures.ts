import { vi } from 'vitest';
import type {
  AssetCard,
  AssetView,
  Brand,
  DownloadItem,
  LoginResponse,
  Notification,
  SyncRun,
  SyncSource,
} from '@brandvault/contract';
import type { AssetActions } from '../features/search/useAssetActions';

export const brand = {
  id: 7,
  name: 'Acme',
  slug: 'acme',
  status: 'ACTIVE' as const,
  image_uri: null,
  logo_uri: null,
  description: null,
};

/** The brand as `GET /api/ops/brand/7` answers it: the brand home's header. */
export const brandFull: Brand = {
  ...brand,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  root_folder_id: 1,
  users_count: 3,
  require_fields_on_upload: false,
  expiry_warning_days: 30,
  expired_downloads: 'block',
  figures: { assets: 0, last_upload: null },
  abilities: { update: false, change_status: false, watermark: false },
};

export const loginAnswer: LoginResponse = {
  token: 'test-token',
  session_user: {
    id: 1,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    lang: 'en',
    status: 'ACTIVE',
    verified_at: null,
    photo_uri: null,
    photo_thumb_uri: null,
    company: null,
    country: null,
    phone: null,
    position: null,
    user_settings: { menu: [], home: 'brand' },
    roles: [{ name: 'member' }],
    brands: [brand],
    shortcuts: [],
    tour: { completed_at: null, dismissed_at: null },
  },
  permissions: [{ name: 'brand.view' }, { name: 'collection.view' }],
  emulator: { isEmulating: false, admin_id: null },
  favorites_id: 41,
};

/** An image card the caller may do everything with except restore and lock; override as needed. */
export function assetCard(id: number, over: Partial<AssetCard> = {}): AssetCard {
  return {
    id,
    brand_id: 7,
    folder_id: 2,
    name: `photo-${id}.jpg`,
    ext: 'jpg',
    mime: 'image/jpeg',
    type: 'image',
    size: 204800,
    width: 1600,
    height: 900,
    duration_seconds: null,
    author: null,
    visibility: 'PUBLIC',
    status: 'ACTIVE',
    thumbnail_url: `/api/media/derivatives/${id}/thumb.webp`,
    preview_url: `/api/media/derivatives/${id}/preview.webp`,
    derivatives: 'ready',
    hover_url: null,
    proxy_url: null,
    proxy_state: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    abilities: {
      update: true,
      move: true,
      copy: true,
      remove: true,
      restore: false,
      download: true,
      version: true,
      lock_name: false,
    },
    availability: { state: 'available', date: null, reason: null },
    review: { state: 'approved', reason: null },
    ...over,
  };
}

/** A fresh, unread mention by Ana López on logo.png of brand 7; override as needed. */
export function notification(id: number, over: Partial<Notification> = {}): Notification {
  return {
    id,
    kind: 'mention',
    actor: { id: 2, name: 'Ana López' },
    asset: { id: 5, name: 'logo.png', brand_id: 7 },
    comment_id: 30 + id,
    excerpt: 'Looks good',
    collection_name: null,
    path: null,
    read_at: null,
    created_at: new Date().toISOString(),
    ...over,
  };
}

/** A zip being prepared; override the state and what it holds as needed. */
export const downloadItem = (over: Partial<DownloadItem> = {}): DownloadItem => ({
  id: 5,
  format: 'zip',
  layout: 'pages',
  name: 'Acme 2026-11-25 14.05.zip',
  state: 'preparing',
  job_id: 77,
  files: null,
  skipped: null,
  size: null,
  error: null,
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  ready_at: null,
  expires_at: null,
  url: null,
  live_url: null,
  ...over,
});

/** An asset as its page sees it: the card and its metadata, none filled in. */
export const assetView = (a: AssetCard): AssetView => ({
  ...a,
  description: null,
  keywords: [],
  categories: [],
  language: null,
  taken_at: null,
  camera: null,
  location: null,
  name_locked: false,
  sha256: 'x'.repeat(64),
  current_version: 1,
  download_url: `/api/ops/asset/${a.id}/download?exp=1&sig=abc`,
  download_gate: { blocked: false, warn: false, terms: [] },
  brand: { id: 7, name: 'Acme', slug: 'acme' },
  breadcrumbs: [{ id: 1, name: 'Acme' }],
  created_by: null,
  sync: null,
  available_from: null,
  available_until: null,
});

/** Card and menu actions that do nothing but record their calls. */
export const assetActionsStub = (): AssetActions => ({
  picking: null,
  pending: false,
  error: null,
  startMove: vi.fn(),
  startCopy: vi.fn(),
  closePicker: vi.fn(),
  pick: vi.fn(),
  remove: vi.fn(async () => undefined),
  download: vi.fn(async () => undefined),
});

/** A finished run of source 3 that brought in three files and skipped one; override as needed. */
export const syncRun = (id: number, over: Partial<SyncRun> = {}): SyncRun => ({
  id,
  source_id: 3,
  status: 'done',
  trigger: 'manual',
  job_id: 90 + id,
  started_by: { id: 1, name: 'Ada Lovelace' },
  counts: { seen: 12, new: 3, restored: 0, updated: 0, moved: 1, removed: 0, skipped: 1, failed: 0, unchanged: 7 },
  nothing_changed: false,
  error: null,
  queued_at: '2026-11-27T06:00:00.000Z',
  started_at: '2026-11-27T06:00:01.000Z',
  finished_at: '2026-11-27T06:01:21.000Z',
  ...over,
});

/** A daily source of brand 7 on a NAS share, run once, that its viewer may do everything with. */
export const syncSource = (id: number, over: Partial<SyncSource> = {}): SyncSource => ({
  id,
  name: `NAS photos ${id}`,
  path: `/srv/nas/photos-${id}`,
  brand: { id: 7, name: 'Acme' },
  folder: { id: 2, name: 'Shoots', path: '/Shoots' },
  field_values: {},
  schedule: 'daily',
  daily_at: '06:00',
  include: [],
  exclude: [],
  on_missing: 'remove',
  email_report: false,
  watch: true,
  enabled: true,
  asset_count: 1250,
  last_run: syncRun(1, { source_id: id }),
  next_run_at: '2026-11-28T06:00:00.000Z',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  abilities: { update: true, delete: true, run: true },
  ...over,
});

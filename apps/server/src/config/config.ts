import { availableParallelism } from 'node:os';
import { delimiter, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_MAX_UPLOAD_BYTES, PASSWORD_MIN, SYNC_SETTLE_SECONDS } from '@brandvault/contract';
import { S3_SETTING_NAMES, storageOptionsFromEnv } from '../storage/index.js';
import type { StorageOptions } from '../storage/index.js';

/** A scheme and host (and port), such as https://photos.example.com, kept as the URL's origin. */
const origin = z
  .string()
  .url()
  .transform((v) => new URL(v))
  .refine((u) => /^https?:$/.test(u.protocol) && u.pathname === '/' && !u.search && !u.hash && !u.username, {
    message: 'must be an http(s) origin such as https://photos.example.com, with no path',
  })
  .transform((u) => u.origin);

/** Every setting, from the environment, with its default. The README lists the same table. */
const Env = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().optional(),
    APP_URL: z.string().url().optional(),
    APP_KEY: z.string().min(32).optional(),
    TEST_CLOCK_FILE: z.string().optional(),
    ADMIN_EMAIL: z.string().email().default('admin@example.com'),
    ADMIN_PASSWORD: z.string().min(PASSWORD_MIN).optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Brandvault <no-reply@brandvault.local>'),
    MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(DEFAULT_MAX_UPLOAD_BYTES),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(1024 * 1024),
    DISK_RESERVE_MB: z.coerce.number().min(0).default(64),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().optional(),
    JOBS_IN_SERVER: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
    JOB_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(30),
    REDIS_URL: z
      .string()
      .url()
      .refine((u) => /^rediss?:\/\//.test(u), 'must start with redis:// or rediss://')
      .optional(),
    REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, 'letters, digits, _ and - only')
      .default('brandvault'),
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    SEARCH_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(500),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    TOKEN_IDLE_DAYS: z.coerce.number().positive().max(3650).default(30),
    TOKEN_MAX_DAYS: z.coerce.number().positive().max(3650).default(90),
    EMULATION_MINUTES: z.coerce.number().positive().max(1440).default(60),
    NOTIFICATION_STREAM_SECONDS: z.coerce.number().positive().max(86_400).default(900),
    NOTIFICATION_MAIL_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
    PROFILE_PHOTO_PROVIDER_HOST: origin.optional(),
    PROFILE_PHOTO_HOST: origin.optional(),
    AUDIT_CHECKPOINT_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
    AUDIT_LOCK_DAYS: z.coerce.number().int().min(0).max(36_500).default(0),
    AUDIT_LOCK_MODE: z.enum(['GOVERNANCE', 'COMPLIANCE']).default('COMPLIANCE'),
    SYNC_ROOTS: z.string().default(''),
    SYNC_SETTLE_SECONDS: z.coerce.number().min(0).max(600).default(SYNC_SETTLE_SECONDS),
    SYNC_WATCH: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    METRICS_TOKEN: z.string().min(16).optional(),
    WEBHOOKS_ALLOW_LOOPBACK: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    ANALYSIS: z
      .string()
      .default('text,objects,faces,colours')
      .transform((v) =>
        v
          .split(',')
          .map((k) => k.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(['text', 'objects', 'faces', 'colours']))),
    // The analysis thread's CPU priority (the thread reads it; 19, the lowest, yields to requests).
    ANALYSIS_NICE: z.coerce.number().int().min(0).max(19).default(19),
    OIDC_ISSUER: z.string().url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).max(255).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).max(1000).optional(),
    OIDC_LABEL: z.string().min(1).max(80).default('Single sign-on'),
    OIDC_SCOPES: z.string().min(1).max(500).default('openid email profile'),
    OIDC_ALLOW_SIGNUP: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    OIDC_ALLOWED_DOMAINS: z.string().default(''),
    OIDC_PREAPPROVED_DOMAINS: z.string().default(''),
  })
  .refine((e) => !e.OIDC_ISSUER === !e.OIDC_CLIENT_ID, {
    path: ['OIDC_CLIENT_ID'],
    message: 'OIDC_ISSUER and OIDC_CLIENT_ID go together',
  })
  .refine((e) => !e.PROFILE_PHOTO_PROVIDER_HOST === !e.PROFILE_PHOTO_HOST, {
    path: ['PROFILE_PHOTO_HOST'],
    message: 'PROFILE_PHOTO_PROVIDER_HOST and PROFILE_PHOTO_HOST go together',
  });

/** Every variable the server reads (tests check `.env.example` lists each one). */
export const SETTING_NAMES: readonly string[] = [...Object.keys(Env.shape), ...S3_SETTING_NAMES];

/** What is inside files (issue 42): text (OCR, PDF, Office), objects, faces, colours and look-alikes. */
export type AnalysisKind = 'text' | 'objects' | 'faces' | 'colours';
/** Every analysis: what ANALYSIS means when unset. */
export const ALL_ANALYSES: readonly AnalysisKind[] = ['text', 'objects', 'faces', 'colours'];

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appUrl: string;
  appKey: string | undefined;
  /** TEST_CLOCK_FILE: a test server's clock moved by the milliseconds this file holds (lib/clock.ts). */
  testClockFile: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  maxUploadBytes: number;
  bodyLimitBytes: number;
  /** Room kept on DATA_DIR's disk for the database when it fills up (see storage/diskReserve.ts); 0 keeps none. */
  diskReserveBytes: number;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  webDist: string;
  trustProxy: boolean;
  jobsInServer: boolean;
  jobsConcurrency: number;
  /** A running job's lease, renewed at a third of it: a killed worker's job runs again after about 1.5 leases. */
  jobLeaseMs: number;
  /** Jobs run on BullMQ in this Redis (keys under `prefix`) when set; else the database is the queue. */
  redis: { url: string; prefix: string } | undefined;
  /** Server processes sharing the port (node:cluster); one per core by default, at most 8. */
  webConcurrency: number;
  /** Search answers kept per process (each under its brand's generation); 0 keeps none. */
  searchCacheEntries: number;
  /** Local disk under DATA_DIR/blobs, or S3 when S3_BUCKET is set (S3_* variables). */
  storage: StorageOptions;
  /** A sign-in token ends after this long unused, and this long after it was issued. */
  tokenIdleMs: number;
  tokenMaxMs: number;
  /** How long an administrator's emulated session lasts before it signs nobody in. */
  emulationMs: number;
  /**
   * A notification stream ends after this long and the client reconnects with Last-Event-ID
   * (nothing is lost): the token is checked again, and a revoked session stops receiving.
   */
  notificationStreamMs: number;
  /** How long notification mail waits to gather what else happens on the same asset. */
  notificationMailWindowMs: number;
  /**
   * Profile photo addresses on the provider's API host are shown from the configured host instead
   * (spec §7); both are origins. Unset: only photos stored here are shown.
   */
  profilePhotoHosts: { provider: string; host: string } | undefined;
  /** NAS sync (issue 29): where sources may point, how long a file must keep still, and watching. */
  sync: SyncSettings;
  /** Webhooks: WEBHOOKS_ALLOW_LOOPBACK lets them call this machine (tests, local development), nothing else private. */
  webhooks: { allowLoopback: boolean };
  /** The analyses this installation runs (issue 42 §6); each brand then turns its own on or off. */
  analysis: AnalysisKind[];
  /** GET /api/metrics answers a bearer of this token; unset, only callers on this machine (loopback). */
  metricsToken: string | undefined;
  /** The audit chain's head is written to the blob store this often (object-locked on S3 when days > 0). */
  auditCheckpoints: AuditCheckpointSettings;
  /** The single sign-on provider set by OIDC_* variables (kept as a provider row at start-up). */
  oidc: OidcSettings | undefined;
};

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  label: string;
  scopes: string;
  allowSignup: boolean;
  allowedDomains: string[];
  preapprovedDomains: string[];
}

const domainList = (v: string) =>
  v
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);

export interface AuditCheckpointSettings {
  intervalMs: number;
  lockDays: number;
  lockMode: 'GOVERNANCE' | 'COMPLIANCE';
}

export const DEFAULT_AUDIT_CHECKPOINTS: AuditCheckpointSettings = {
  intervalMs: 60 * 60_000,
  lockDays: 0,
  lockMode: 'COMPLIANCE',
};

export interface SyncSettings {
  /** SYNC_ROOTS, split on the path delimiter (`:`; `;` on Windows), made absolute; none by default. */
  roots: string[];
  /** Two looks at a new or changed file this far apart tell a file still being written. */
  settleMs: number;
  /** Whether a worker watches local sources (SYNC_WATCH; the scan stays the truth). */
  watch: boolean;
  maxUploadBytes: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid settings:\n${lines}`);
  }
  const e = parsed.data;
  // A movable clock is for test servers only: a production server keeps the real time.
  if (e.TEST_CLOCK_FILE && env.NODE_ENV === 'production')
    throw new Error('Invalid settings:\n  TEST_CLOCK_FILE: not allowed when NODE_ENV is production');
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    appKey: e.APP_KEY,
    testClockFile: e.TEST_CLOCK_FILE,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    diskReserveBytes: Math.round(e.DISK_RESERVE_MB * 1024 * 1024),
    logLevel: e.LOG_LEVEL,
    webDist: resolve(e.WEB_DIST ?? new URL('../../../web/dist', import.meta.url).pathname),
    trustProxy: e.TRUST_PROXY,
    jobsInServer: e.JOBS_IN_SERVER,
    jobsConcurrency: e.JOBS_CONCURRENCY,
    jobLeaseMs: Math.round(e.JOB_LEASE_SECONDS * 1000),
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : undefined,
    webConcurrency: e.WEB_CONCURRENCY ?? Math.min(availableParallelism(), 8),
    searchCacheEntries: e.SEARCH_CACHE_ENTRIES,
    storage: storageOptionsFromEnv(env, dataDir),
    tokenIdleMs: e.TOKEN_IDLE_DAYS * DAY_MS,
    tokenMaxMs: e.TOKEN_MAX_DAYS * DAY_MS,
    emulationMs: Math.round(e.EMULATION_MINUTES * 60_000),
    notificationStreamMs: Math.round(e.NOTIFICATION_STREAM_SECONDS * 1000),
    notificationMailWindowMs: e.NOTIFICATION_MAIL_WINDOW_SECONDS * 1000,
    profilePhotoHosts:
      e.PROFILE_PHOTO_PROVIDER_HOST && e.PROFILE_PHOTO_HOST
        ? { provider: e.PROFILE_PHOTO_PROVIDER_HOST, host: e.PROFILE_PHOTO_HOST }
        : undefined,
    auditCheckpoints: {
      intervalMs: e.AUDIT_CHECKPOINT_MINUTES * 60_000,
      lockDays: e.AUDIT_LOCK_DAYS,
      lockMode: e.AUDIT_LOCK_MODE,
    },
    sync: {
      roots: e.SYNC_ROOTS.split(delimiter)
        .map((r) => r.trim())
        .filter(Boolean)
        .map((r) => resolve(r)),
      settleMs: Math.round(e.SYNC_SETTLE_SECONDS * 1000),
      watch: e.SYNC_WATCH,
      maxUploadBytes: e.MAX_UPLOAD_BYTES,
    },
    metricsToken: e.METRICS_TOKEN,
    webhooks: { allowLoopback: e.WEBHOOKS_ALLOW_LOOPBACK },
    analysis: e.ANALYSIS,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            label: e.OIDC_LABEL,
            scopes: e.OIDC_SCOPES,
            allowSignup: e.OIDC_ALLOW_SIGNUP,
            allowedDomains: domainList(e.OIDC_ALLOWED_DOMAINS),
            preapprovedDomains: domainList(e.OIDC_PREAPPROVED_DOMAINS),
          }
        : undefined,
  };
}

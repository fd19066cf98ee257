import { createHash } from 'node:crypto';
import { DEFAULT_EXTENSIONS } from '../../apps/server/src/media/index.js';
import { round } from '../lib/common.js';
import {
  AUTHORS,
  CATEGORIES,
  COMMON_WORD,
  KEYWORDS,
  LANGUAGES,
  RARE_PROBABILITY,
  RARE_WORD,
  SEASONS,
  SUBJECTS,
  TYPE_MIX,
  VARIANTS,
} from '../lib/vocab.js';
import type { Distributions } from './distributions.js';

/** The columns of an asset row as the seed writes them, in the order `asset(i)` gives values. */
export const ASSET_COLUMNS = [
  'brand_id',
  'folder_id',
  'name',
  'ext',
  'mime',
  'type',
  'size',
  'sha256',
  'blob_key',
  'width',
  'height',
  'duration_seconds',
  'author',
  'description',
  'keywords',
  'categories',
  'language',
  'visibility',
  'status',
  'name_locked',
  'taken_at',
  'camera',
  'derivatives',
  'derivative_rev',
  'thumb_key',
  'preview_key',
  'current_version',
  'created_by',
  'created_at',
  'updated_at',
  'availability',
  'availability_date',
  'review_state',
] as const;
/** The PostgreSQL type of each column, for its `unnest` of one array per column. */
export const PG_TYPES = [
  'int4',
  'int4',
  'text',
  'text',
  'text',
  'text',
  'int8',
  'text',
  'text',
  'int4',
  'int4',
  'float8',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
  'int4',
  'text',
  'text',
  'text',
  'int4',
  'text',
  'text',
  'int4',
  'int4',
  'text',
  'text',
  'text',
  'text',
  'text',
];
export type Value = string | number | null;

/**
 * The bench brand's asset rows, one at a time (`asset(i)`, i from 1): names, keywords, sizes and
 * dates drawn from the vocabulary's distributions, in folders picked by `pickFolder`.
 */
export function assetRows(o: {
  brandId: number;
  /** Who created them: picked uniformly. */
  creators: number[];
  pickFolder: () => { id: number };
  rand: () => number;
  dist: Distributions;
}) {
  const { brandId, creators, rand } = o;
  const { int, pickUniform, weighted, zipf, lognormal } = o.dist;
  const mimeOf = new Map(DEFAULT_EXTENSIONS.map((e) => [e.ext, e.mime]));
  const pickType = weighted(
    TYPE_MIX,
    TYPE_MIX.map((t) => t.share),
  );
  const pickExt = new Map(
    TYPE_MIX.map((t) => [
      t.type,
      weighted(
        t.exts.map((e) => e[0]),
        t.exts.map((e) => e[1]),
      ),
    ]),
  );
  const pickSeason = zipf(SEASONS, 1.0);
  const pickSubject = zipf(SUBJECTS, 0.8);
  const pickVariant = zipf(VARIANTS, 0.7);
  const pickKeyword = zipf(KEYWORDS, 1.05);
  const pickCategory = zipf(CATEGORIES, 1.0);
  const pickLanguage = zipf(LANGUAGES, 0.9);
  const pickAuthor = zipf(AUTHORS, 1.2);
  const nowMs = Date.now();
  const FIVE_YEARS = 5 * 365.25 * 86400_000;
  const cameras = [
    JSON.stringify({ make: 'Canon', model: 'EOS R5', iso: 200, aperture: 2.8 }),
    JSON.stringify({ make: 'Sony', model: 'ILCE-7M4', iso: 400, aperture: 4 }),
    JSON.stringify({ make: 'Apple', model: 'iPhone 15 Pro', iso: 64, aperture: 1.8 }),
  ];
  /** What the rows hold, for the seed's report. */
  const tally = {
    rare: 0,
    common: 0,
    PRIVATE: 0,
    INACTIVE: 0,
    expired: 0,
    expiring: 0,
    pending: 0,
    byType: {} as Record<string, number>,
  };

  function asset(i: number): Value[] {
    const type = pickType().type;
    const ext = pickExt.get(type)!();
    const season = pickSeason();
    const subject = pickSubject();
    const name = `${season}-${subject}-${pickVariant()}-${String(i % 10000).padStart(4, '0')}.${ext}`;
    const kw = new Set<string>([season, subject]);
    for (let k = int(1, 5); k > 0; k--) kw.add(pickKeyword());
    const isRare = rand() < RARE_PROBABILITY;
    if (isRare) {
      kw.add(RARE_WORD);
      tally.rare++;
    }
    if (kw.has(COMMON_WORD)) tally.common++;
    const cats = new Set<string>([pickCategory()]);
    if (rand() < 0.4) cats.add(pickCategory());
    const language = rand() < 0.15 ? null : pickLanguage();
    const author = rand() < 0.05 ? null : pickAuthor();
    const created = nowMs - rand() * FIVE_YEARS;
    const updated = Math.min(nowMs, created + (rand() < 0.3 ? rand() * 90 * 86400_000 : 0));
    const visual = type === 'image' || type === 'video';
    const landscape = rand() < 0.65;
    const long = visual ? pick4k() : null;
    const short = long ? Math.round(long / (rand() < 0.5 ? 1.5 : 16 / 9)) : null;
    const spanish = rand() < 0.2;
    const description = spanish
      ? `Foto de ${subject} para la campaña ${season}${isRare ? ` con ${RARE_WORD}` : ''}, estilo ${language ?? 'libre'}.`
      : `${type === 'image' ? 'Photo' : 'File'} of ${subject} for the ${season} campaign${isRare ? ` with a ${RARE_WORD}` : ''}, ${language ?? 'plain'} style.`;
    const visibility = rand() < 0.1 ? 'PRIVATE' : 'PUBLIC';
    const status = rand() < 0.02 ? 'INACTIVE' : 'ACTIVE';
    if (visibility === 'PRIVATE') tally.PRIVATE++;
    if (status === 'INACTIVE') tally.INACTIVE++;
    tally.byType[type] = (tally.byType[type] ?? 0) + 1;
    // Usage rights and review (issue 40): 5% expired, 3% expiring, 1% awaiting review. Drawn from
    // the row's number, not the random stream, so every other column stays as it was seeded before.
    const spread = (i * 2654435761) % 1000;
    const availability = spread < 50 ? 'expired' : spread < 80 ? 'expiring' : 'available';
    const review = (i * 40503) % 100 === 7 ? 'pending' : 'approved';
    if (availability !== 'available') tally[availability]++;
    if (review === 'pending') tally.pending++;
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const sha = createHash('sha256').update(`bench-${brandId}-${i}`).digest('hex');
    const size =
      type === 'video'
        ? lognormal(80e6, 1.0)
        : type === 'image'
          ? lognormal(2.5e6, 0.9)
          : type === 'audio'
            ? lognormal(6e6, 0.7)
            : lognormal(800e3, 1.2);
    return [
      brandId,
      o.pickFolder().id,
      name,
      ext,
      mimeOf.get(ext) ?? 'application/octet-stream',
      type,
      Math.max(1, size),
      sha,
      `bench/${sha.slice(0, 2)}/${sha}`,
      long ? (landscape ? long : short) : null,
      long ? (landscape ? short : long) : null,
      type === 'video' ? round(5 + rand() * 300, 1) : type === 'audio' ? round(10 + rand() * 600, 1) : null,
      author,
      description,
      JSON.stringify([...kw]),
      JSON.stringify([...cats]),
      language,
      visibility,
      status,
      rand() < 0.01 ? 1 : 0,
      type === 'image' && rand() < 0.7 ? new Date(created - rand() * 30 * 86400_000).toISOString() : null,
      type === 'image' && rand() < 0.5 ? pickUniform(cameras) : null,
      visual ? 'ready' : 'none',
      1,
      visual ? `derivatives/${sha}/thumb-1.webp` : null,
      visual ? `derivatives/${sha}/preview-1.webp` : null,
      1,
      pickUniform(creators),
      new Date(created).toISOString(),
      new Date(updated).toISOString(),
      availability,
      availability === 'expired'
        ? day(nowMs - 86400_000 * (1 + (i % 300)))
        : availability === 'expiring'
          ? day(nowMs + 86400_000 * (1 + (i % 29)))
          : null,
      review,
    ];
  }
  function pick4k(): number {
    const r = rand();
    return r < 0.4 ? 6000 : r < 0.7 ? 4000 : r < 0.9 ? 1920 : 1080;
  }
  return { asset, tally };
}

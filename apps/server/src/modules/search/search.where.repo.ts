import { sql } from 'kysely';
import type { SelectQueryBuilder } from 'kysely';
import type { Db, Dialect } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { underPath } from '../../db/pathPrefix.js';
import { hiddenIn } from '../access/privacy.js';
import { ftsMatch, normExt, wordsMatch } from './search.fts.js';
import { SIZE_KEY_BASE, TYPE_KEY_SEP, orderColumns, typeKeyParts } from './search.types.js';
import type { After, FieldCond, PagePlan, Scope, SearchFilters, SearchOrder, TextPlan } from './search.types.js';

/**
 * The one sort key of `key` on the rows of `table`: the type order's joined with its separator,
 * the size order's raised to 16 digits (SIZE_KEY_BASE).
 */
export const sortKeyExpr = (key: SearchOrder['key'], table: string) =>
  key === 'type'
    ? sql<string>`${sql.ref(`${table}.type`)} || ${TYPE_KEY_SEP} || ${sql.ref(`${table}.name_lc`)}`
    : key === 'size'
      ? sql<string>`${sql.ref(`${table}.size`)} + ${sql.lit(SIZE_KEY_BASE)}`
      : sql<string>`${sql.ref(`${table}.${key}`)}`;

/** The values an `After.key` stands for, one per order column. */
const afterKeys = (key: SearchOrder['key'], after: After): (string | number)[] =>
  key === 'type' ? typeKeyParts(after.key) : key === 'size' ? [Number(after.key) - SIZE_KEY_BASE] : [after.key];

export type Q = SelectQueryBuilder<Database, 'asset_search', object>;

/** The brand a categories subquery is bounded by: none for one folder (its rows are checked by folder). */
const brandOf = (s: Scope) => (s.kind === 'folder' ? { brandId: undefined } : { brandId: s.brandId });

/**
 * The statements' conditions on asset_search (scope, privacy, filters, words) and the page
 * query built on them, in each dialect's plan: what every count, facet and page of a search
 * selects from (search.repo.ts).
 */
export function searchQueries(db: Db, dialect: Dialect) {
  const pg = dialect === 'postgres';

  /**
   * SQLite, text 'skip': the rows come from the FTS index first (CROSS JOIN keeps that order), so
   * a bounded count stops after the first matches in scope instead of listing every match.
   */
  function ftsFirst(f: SearchFilters): Q {
    return db
      .selectFrom(sql`assets_fts`.as('fts'))
      .crossJoin('asset_search')
      .where(sql<boolean>`asset_search.asset_id = fts.rowid`)
      .where(sql<boolean>`fts.assets_fts match ${ftsMatch(f)}`) as unknown as Q;
  }

  /**
   * SQLite, no words, no author or language (those have their own indexes): the rows come from
   * the categories' index first, each checked against the rest by its key, so a bounded count or a
   * facet sample stops after its first matches. As a list (`asset_id in (...)`) SQLite would first
   * gather every asset of the categories before reading any row.
   * An asset in two of the categories comes twice: `countRows` takes distinct rows.
   */
  const drivenByCategories = (f: SearchFilters) =>
    !pg && !!f.categories?.length && !f.terms.length && !f.author?.length && !f.language?.length;

  /**
   * A categories filter over the brand whose other conditions are all held by asset_categories
   * (status, privacy, dates: 2026112403): its matches are index ranges of that table alone, one
   * per category (an asset in two of them comes twice, hence distinct).
   */
  const byCategoryRows = (f: SearchFilters) =>
    !!f.categories?.length &&
    !f.fields?.length &&
    f.scope.kind === 'brand' &&
    !f.terms.length &&
    !f.author?.length &&
    !f.language?.length &&
    !f.type?.length &&
    !f.extension?.length &&
    !f.availability?.length &&
    !f.endsBy &&
    !f.detected &&
    !f.colours?.length &&
    !f.people?.length;

  /** The ids of the category rows matching `f`, one per asset and category (index order). */
  function categoryIds(f: SearchFilters): SelectQueryBuilder<Database, 'asset_categories', { asset_id: number }> {
    const { brandId } = brandOf(f.scope);
    let q = db
      .selectFrom('asset_categories')
      .select('asset_categories.asset_id')
      .where('asset_categories.brand_id', '=', brandId!)
      .where('asset_categories.category', 'in', f.categories!)
      .where('asset_categories.active', '=', 1);
    const hidden = hiddenIn(f);
    if (hidden) q = q.where('asset_categories.hidden', 'in', hidden);
    if (f.dateFrom) q = q.where('asset_categories.sort_date', '>=', f.dateFrom);
    if (f.dateBefore) q = q.where('asset_categories.sort_date', '<', f.dateBefore);
    return q;
  }

  /**
   * Availability (issue 40 §2), from `assets`, joined only when asked for. The rare states
   * (expiring, expired, embargoed, an end within days) are a range of its (availability,
   * availability_date) index, listed once; `available` (most assets) or a walk asks each row.
   */
  function byAvailability(q: Q, f: SearchFilters, walk: boolean): Q {
    let a = db.selectFrom('assets').select('assets.id');
    if (f.availability?.length) a = a.where('assets.availability', 'in', f.availability);
    if (f.endsBy)
      a = a
        .where('assets.availability', 'in', ['available', 'expiring'])
        .where('assets.availability_date', '<=', f.endsBy);
    const common = !f.endsBy && !!f.availability?.includes('available');
    return walk || common
      ? q.where(({ exists }) => exists(a.where(sql<boolean>`assets.id = asset_search.asset_id`)))
      : q.where('asset_search.asset_id', 'in', a);
  }

  /**
   * Named colours (issue 42 §4), from `asset_colours`, joined only when asked for: a range of its
   * (brand_id, colour, asset_id) index per colour, listed once; walking, each row asks its own
   * (asset_id, colour) key.
   */
  function byColours(q: Q, f: SearchFilters, walk: boolean): Q {
    if (walk)
      return q.where(({ exists }) =>
        exists(
          db
            .selectFrom('asset_colours')
            .select(sql`1`.as('one'))
            .where(sql<boolean>`asset_colours.asset_id = asset_search.asset_id`)
            .where('asset_colours.colour', 'in', f.colours!),
        ),
      );
    const { brandId } = brandOf(f.scope);
    let c = db
      .selectFrom('asset_colours')
      .select('asset_colours.asset_id')
      .where('asset_colours.colour', 'in', f.colours!);
    if (brandId !== undefined) c = c.where('asset_colours.brand_id', '=', brandId);
    return q.where('asset_search.asset_id', 'in', c);
  }

  /**
   * People (issue 42 §3): assets with a face of one of these people, hidden people left out, from
   * the (person_id, asset_id) index of `asset_faces`; a person has a few hundred faces at most.
   */
  function byPeople(q: Q, people: number[]): Q {
    const holders = db
      .selectFrom('asset_faces')
      .innerJoin('people', 'people.id', 'asset_faces.person_id')
      .select('asset_faces.asset_id')
      .where('asset_faces.person_id', 'in', people)
      .where('people.hidden', '=', 0);
    return q.where('asset_search.asset_id', 'in', holders);
  }

  function categoriesFirst(f: SearchFilters): Q {
    const { brandId } = brandOf(f.scope);
    let q = db
      .selectFrom('asset_categories')
      .crossJoin('asset_search')
      .where(sql<boolean>`asset_search.asset_id = asset_categories.asset_id`)
      .where('asset_categories.category', 'in', f.categories!);
    if (brandId !== undefined) q = q.where('asset_categories.brand_id', '=', brandId);
    return q as unknown as Q;
  }

  /**
   * The assets holding a value of `c` (for `missing`, any value of its field): a range of one of
   * the value indexes, (field_id, option_id, asset_id), (field_id, value_number) or
   * (field_id, value_date).
   */
  function fieldHolders(c: FieldCond) {
    return fieldRows(c).select('asset_field_values.asset_id');
  }

  /** The value rows of `c`'s holders (see fieldHolders), without a select list. */
  function fieldRows(c: FieldCond) {
    const v = db.selectFrom('asset_field_values').where('asset_field_values.field_id', '=', c.field);
    if (c.kind === 'options') return v.where('asset_field_values.option_id', 'in', c.ids);
    if (c.kind === 'number')
      return v
        .where('asset_field_values.value_number', 'is not', null)
        .$if(c.min !== undefined, (q) => q.where('asset_field_values.value_number', '>=', c.min!))
        .$if(c.max !== undefined, (q) => q.where('asset_field_values.value_number', '<=', c.max!));
    if (c.kind === 'date')
      return v
        .where('asset_field_values.value_date', 'is not', null)
        .$if(c.from !== undefined, (q) => q.where('asset_field_values.value_date', '>=', c.from!))
        .$if(c.to !== undefined, (q) => q.where('asset_field_values.value_date', '<=', c.to!));
    if (c.kind === 'boolean') return v.where('asset_field_values.value_bool', '=', c.is ? 1 : 0);
    return v;
  }

  /**
   * SQLite, no words or categories, not walking: a field condition with one value row per holder
   * drives the rows (its value index, then each holder's search row by id). Its `asset_id in
   * (list)` would first gather every holder for each statement: ~20 ms for a 64,000-asset option
   * of a 1M-asset brand, where the first 2,000 matches of the driven join take 2 ms.
   */
  const drivingField = (f: SearchFilters, w: boolean, text: TextPlan) =>
    pg || w || text === 'skip' || f.terms.length || f.categories?.length
      ? undefined
      : f.fields?.find((c) => (c.kind === 'options' ? !!c.once : c.kind !== 'missing'));

  function fieldFirst(c: FieldCond): Q {
    return fieldRows(c)
      .crossJoin('asset_search')
      .where(sql<boolean>`asset_search.asset_id = asset_field_values.asset_id`) as unknown as Q;
  }

  /**
   * `walk` (for queries known to match many rows): conditions are checked row by row (SQLite:
   * unary + keeps it from picking their indexes; PostgreSQL: the words only, as an expression
   * the GIN index cannot serve), so the page is a walk of the sort index
   * that stops after `offset + limit` matches instead of gathering and sorting every match.
   */
  function filtered(f: SearchFilters, text: TextPlan = 'in', walk?: SearchOrder, mayDrive = false): Q {
    const w = walk && !pg;
    const col = (c: 'type' | 'ext' | 'author' | 'language' | 'sort_date') =>
      w && (c !== 'sort_date' || walk.key !== 'sort_date')
        ? sql<string>`+${sql.ref(`asset_search.${c}`)}`
        : sql<string>`${sql.ref(`asset_search.${c}`)}`;
    // Counts and facets only: a page's order comes from a sort index.
    const drive = mayDrive && drivenByCategories(f) && !w && text !== 'skip';
    const driver = drivingField(f, !!w, text);
    const base =
      text === 'skip'
        ? ftsFirst(f)
        : drive
          ? categoriesFirst(f)
          : driver
            ? fieldFirst(driver)
            : (db.selectFrom('asset_search') as Q);
    let q: Q = base.where('asset_search.active', '=', 1);
    const s = f.scope;
    if (s.kind === 'folder') q = q.where('asset_search.folder_id', '=', s.folderId);
    else {
      q = q.where('asset_search.brand_id', '=', s.brandId);
      if (s.kind === 'subtree') q = q.where(underPath('asset_search.folder_path', s.path));
    }
    const hidden = hiddenIn(f);
    if (hidden) q = q.where('asset_search.hidden', 'in', hidden);
    if (f.type?.length) q = q.where(col('type'), 'in', f.type);
    if (f.extension?.length) q = q.where(col('ext'), 'in', f.extension.map(normExt));
    if (f.author?.length) q = q.where(col('author'), 'in', f.author);
    if (f.language?.length) q = q.where(col('language'), 'in', f.language);
    if (f.categories?.length && pg) {
      // The row's own categories, through their GIN index (2026112303).
      q = q.where(sql<boolean>`search_categories(asset_search.categories) && ${f.categories}::text[]`);
    } else if (f.categories?.length && !drive) {
      const { brandId } = brandOf(f.scope);
      let cats = db
        .selectFrom('asset_categories')
        .select('asset_categories.asset_id')
        .where('asset_categories.category', 'in', f.categories);
      if (brandId !== undefined) cats = cats.where('asset_categories.brand_id', '=', brandId);
      q = w
        ? q.where(({ exists }) =>
            exists(
              db
                .selectFrom('asset_categories')
                .select(sql`1`.as('one'))
                .where(sql<boolean>`asset_categories.asset_id = asset_search.asset_id`)
                .where('asset_categories.category', 'in', f.categories!),
            ),
          )
        : q.where('asset_search.asset_id', 'in', cats);
    }
    if (f.dateFrom) q = q.where(col('sort_date'), '>=', f.dateFrom);
    if (f.dateBefore) q = q.where(col('sort_date'), '<', f.dateBefore);
    if (f.availability?.length || f.endsBy) q = byAvailability(q, f, !!w);
    if (f.detected) {
      // A range of (brand, label, score) per label; walking, each row asks about its own labels.
      const holders = db
        .selectFrom('asset_labels')
        .select('asset_labels.asset_id')
        .where('asset_labels.label', 'in', f.detected.labels)
        .where('asset_labels.score', '>=', f.detected.from)
        .where('asset_labels.state', '!=', 'rejected');
      q = w
        ? q.where(({ exists }) => exists(holders.where(sql<boolean>`asset_labels.asset_id = asset_search.asset_id`)))
        : q.where('asset_search.asset_id', 'in', holders.where('asset_labels.brand_id', '=', f.scope.brandId));
    }
    if (f.colours?.length) q = byColours(q, f, !!w);
    if (f.people?.length) q = byPeople(q, f.people);
    for (const c of f.fields ?? []) {
      if (c === driver) continue;
      // Walking, each row asks the (asset_id) index about its own values: a list of every holder
      // of a common option would first gather (and look up) a hundred thousand ids for one page.
      const own = () => fieldHolders(c).where(sql<boolean>`asset_field_values.asset_id = asset_search.asset_id`);
      if (c.kind !== 'missing')
        q = w ? q.where(({ exists }) => exists(own())) : q.where('asset_search.asset_id', 'in', fieldHolders(c));
      else {
        q = q.where(col('type'), 'in', c.types);
        q = w
          ? q.where(({ not, exists }) => not(exists(own())))
          : q.where('asset_search.asset_id', 'not in', fieldHolders(c));
      }
    }
    if (f.terms.length && text !== 'skip') {
      if (pg) {
        // Terms are letters and digits only; the last one matches as a prefix, or as the words
        // it stands for (vocabulary words are checked to be letters and digits too).
        const last = f.lastWords?.length ? `(${f.lastWords.join(' | ')})` : `${f.terms.at(-1)}:*`;
        const tsq = [...f.terms.slice(0, -1), last].join(' & ');
        // Walking, a common word's GIN bitmap would cost more than the walk itself.
        const tsv = walk ? sql`coalesce(asset_search.tsv, ''::tsvector)` : sql`asset_search.tsv`;
        q = q.where(sql<boolean>`${tsv} @@ to_tsquery('simple', ${tsq})`);
      } else if (typeof text === 'object') {
        // A common word: walking the sort index and asking FTS about each row stops after a page,
        // where a list of every match would first gather hundreds of thousands of ids.
        q = q.where(
          sql<boolean>`exists (select 1 from assets_fts where assets_fts match ${wordsMatch(f, text.exists)} and assets_fts.rowid = asset_search.asset_id)`,
        );
      } else {
        q = q.where(
          'asset_search.asset_id',
          'in',
          sql<number>`(select rowid from assets_fts where assets_fts match ${ftsMatch(f)})`,
        );
      }
    }
    return q;
  }

  /**
   * The rows counts and facets read: from FTS first for words (SQLite), from the categories' index
   * when it drives (distinct: an asset in two of the categories comes twice), else from the table.
   */
  const countRows = (f: SearchFilters) =>
    (!pg && f.terms.length ? filtered(f, 'skip') : filtered(f, 'in', undefined, true)).$if(drivenByCategories(f), (q) =>
      q.distinct(),
    );

  /** The sort key as an expression no index serves (same order), so the matches are sorted. */
  const sortedKey = (key: SearchOrder['key']) =>
    pg
      ? key === 'size'
        ? sql`${sql.ref('asset_search.size')} + 0`
        : sql`${sql.ref(`asset_search.${key}`)} || ''`
      : sql`+${sql.ref(`asset_search.${key}`)}`;

  /** Rows after `after` in `order` (a range of the sort index: its key and id are its next columns). */
  const afterRow = (q: Q, order: SearchOrder, after?: After) => {
    if (!after) return q;
    const op = sql.raw(order.dir === 'asc' ? '>' : '<');
    const cols = sql.join(orderColumns(order.key).map((c) => sql.ref(`asset_search.${c}`)));
    const keys = afterKeys(order.key, after);
    return q.where(sql<boolean>`(${cols}, asset_search.asset_id) ${op} (${sql.join(keys)}, ${after.id})`);
  };

  const pageQuery = (
    f: SearchFilters,
    order: SearchOrder,
    limit: number,
    offset: number,
    text: TextPlan = 'in',
    plan: PagePlan = 'any',
    after?: After,
  ) => {
    // No folder index is in type order: a folder's matches are sorted.
    const how = order.key === 'type' && f.scope.kind === 'folder' ? 'sort' : plan;
    let q = afterRow(filtered(f, text, how === 'walk' ? order : undefined), order, after).select(
      'asset_search.asset_id',
    );
    for (const c of orderColumns(order.key))
      q = q.orderBy(how === 'sort' ? sortedKey(c) : sql.ref(`asset_search.${c}`), order.dir);
    return q.orderBy('asset_search.asset_id', order.dir).limit(limit).offset(offset);
  };

  return {
    filtered,
    fieldHolders,
    countRows,
    drivenByCategories,
    byCategoryRows,
    categoryIds,
    sortedKey,
    afterRow,
    pageQuery,
  };
}

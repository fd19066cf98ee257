import { hiddenClasses } from '../access/privacy.js';
import type { Remember, Under } from './search.kept.js';
import type { PagePlan, SearchFilters, SearchRepo } from './search.repo.js';

// Thresholds of the plan choices; the measurements behind each are in bench/README.md
// ("Measurements behind the search code").

/** PostgreSQL walks the sort index for a word's page only while the page ends within this many matches. */
export const PG_WALK_ROWS = 1000;

/** SQLite: above this many documents for the words, a capped page walks the sort index. */
export const COMMON_WORD_DOCS = 100_000;

/** SQLite: a common word's walk reads the word's document set once it would ask FTS5 about more rows than this. */
export const WORD_SET_FROM_ROWS = 500;

/** PostgreSQL: a search whose count-table estimate is this many exact totals or more is taken to be capped. */
const CAPPED_FROM_ESTIMATE = 3;

/**
 * A filter without words walks the sort index for its page while that reads fewer rows than
 * this share of its matches, and lists and sorts the matches beyond.
 */
const WALK_SHARE = 1.5;

/** The same for a categories filter, which a walk checks by reading each row. */
const WALK_SHARE_READING_ROWS = 1 / 4;

/** PostgreSQL, a capped page of words ending `end` matches in: a walk of the sort index or the GIN bitmap. */
export const pgWordsPlan = (end: number): PagePlan => (end <= PG_WALK_ROWS ? 'walk' : 'any');

/**
 * The plan inputs of a search: what its plan is chosen from, read from the database and kept
 * per brand generation (`remember`, keys starting "plan "), answers kept or not.
 */
export function planInputs(
  repo: SearchRepo,
  dialect: 'sqlite' | 'postgres',
  remember: Remember,
  exactTotal: number,
  commonWordDocs: number,
) {
  /** The count tables' estimate of a search's matches (`estimate`). */
  async function estimateOf(f: SearchFilters, at: Under) {
    const hidden = hiddenClasses(f);
    const key = JSON.stringify([f.scope, hidden, f.type, f.extension, f.author, f.language, f.categories]);
    return remember(`plan estimate ${at.brandId} ${key}`, at.gen, () => repo.estimate(f, hidden));
  }

  return {
    /** PostgreSQL: the filters with the last term as the exact words it stands for, when there are few. */
    async withLastWords(f: SearchFilters, at: Under): Promise<SearchFilters> {
      const last = f.terms.at(-1);
      if (dialect !== 'postgres' || last === undefined) return f;
      const words = await remember(`plan words ${at.brandId} ${last}`, at.gen, () => repo.wordsStartingWith(last));
      return words?.length ? { ...f, lastWords: words } : f;
    },

    /**
     * SQLite: the exact words of a query whose words are common (more than `commonWordDocs`
     * documents) and whose last word stands for few, with their share of the documents; else
     * null. Their capped pages walk the sort index checking each row against the words.
     */
    async commonWords(f: SearchFilters, at: Under) {
      const plan = await remember(`plan ${at.brandId} ${f.terms.join(' ')}`, at.gen, () => repo.termPlan(f.terms));
      return plan.expansion?.length && plan.docs > commonWordDocs
        ? { words: plan.expansion, share: plan.docs / Math.max(plan.lastDoc, plan.docs) }
        : null;
    },

    /**
     * PostgreSQL, a filter without words: whether its estimated matches are so far above the
     * exact total that it is very likely capped. A wrong guess costs a facet sample and a page,
     * never a wrong answer.
     */
    async likelyCapped(f: SearchFilters, at: Under): Promise<boolean> {
      const about = await estimateOf(f, at);
      return about !== null && about.matches > CAPPED_FROM_ESTIMATE * exactTotal;
    },

    /**
     * A capped filter without words: walk the sort index while that reads fewer rows (about
     * `end / density`, `end` the matches the page reads to) than a share of the matches, else
     * sort them; `fallback` when the count tables cannot estimate the scope.
     */
    async noWordsPlan(f: SearchFilters, at: Under, end: number, fallback: PagePlan): Promise<PagePlan> {
      const about = await estimateOf(f, at);
      if (!about || about.matches <= 0) return fallback;
      const share = f.categories?.length ? WALK_SHARE_READING_ROWS : WALK_SHARE;
      return (end * about.rows) / about.matches <= share * about.matches ? 'walk' : 'sort';
    },
  };
}

import { SYSTEM_VOCABULARIES } from '@brandvault/contract';
import type { FieldMessageKey, SystemVocabularyKey } from '@brandvault/contract';
import type { Principal } from '../../access/principal.js';
import type { UnitOfWork } from '../../deps/deps.js';
import { AppError } from '../../http/errors.js';
import { assetsPolicy } from './assets.policy.js';

const FIELD = { themes: 'categories', language: 'language' } as const;

/** What an asset is given: themes and visual language as words (either may be left out). */
export interface AssetWords {
  categories?: string[] | undefined;
  language?: string | null | undefined;
}

/**
 * Themes and visual language as the brand's vocabularies spell them (issue 39 §3): a word
 * matching an option's label in either language (any case) becomes that option's label; a new one
 * is added as an option for someone who defines metadata, and refused (422 naming the field and
 * the word) for anyone else. A retired option stays only where `held` already has it.
 */
export async function spellWithVocabularies(
  u: UnitOfWork,
  actor: Principal,
  brandId: number,
  words: AssetWords,
  at: string,
  held: AssetWords = {},
): Promise<AssetWords> {
  const out: AssetWords = { ...words };
  const fieldKeys: Record<string, FieldMessageKey> = {};
  const vars: Record<string, Record<string, string>> = {};
  const wanted: [Exclude<SystemVocabularyKey, 'channels'>, string[]][] = [
    ['themes', words.categories ?? []],
    ['language', words.language ? [words.language] : []],
  ];
  for (const [key, list] of wanted) {
    if (!list.length) continue;
    const v = await u.repos.metadata.systemVocabulary(brandId, key);
    if (!v) continue;
    const options = await u.repos.options.ofVocabulary(v.id);
    const had = new Set(
      (key === 'themes' ? (held.categories ?? []) : held.language ? [held.language] : []).map((w) => w.toLowerCase()),
    );
    const spelled: string[] = [];
    for (const word of list.map((w) => w.trim()).filter(Boolean)) {
      const w = word.toLowerCase();
      const o = options.find((x) => x.label_en.toLowerCase() === w || x.label_es.toLowerCase() === w);
      if (o && (o.retired_at === null || had.has(o.label_en.toLowerCase()))) {
        spelled.push(o.label_en);
        continue;
      }
      if (!o && assetsPolicy.addsOptions(actor)) {
        const added = await u.repos.options.insert({
          vocabulary_id: v.id,
          parent_id: null,
          label_en: word,
          label_es: word,
          at,
        });
        options.push(added);
        await u.audit({
          event: 'metadata.option.create',
          target: { type: 'vocabulary', id: v.id, label: v.name },
          changes: { option: { before: null, after: word } },
          info: { option: added.id },
        });
        spelled.push(word);
        continue;
      }
      fieldKeys[FIELD[key]] = 'notAnOption';
      vars[FIELD[key]] = { ...SYSTEM_VOCABULARIES[key], value: word };
      break;
    }
    const unique = spelled.filter((s, i) => spelled.indexOf(s) === i);
    if (key === 'themes') out.categories = unique;
    else out.language = unique[0] ?? null;
  }
  if (Object.keys(fieldKeys).length) throw new AppError('INVALID_DATA', { fieldKeys, fieldVarsByPath: vars });
  return out;
}

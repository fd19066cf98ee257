import { LABELS } from '@brandvault/contract';
import type { BrandLabel, LabelKey } from '@brandvault/contract';

/** A label's name in the interface's language (the contract carries both). */
export const labelName = (l: Pick<BrandLabel, 'name_en' | 'name_es'>, lang: string) =>
  lang.startsWith('es') ? l.name_es : l.name_en;

/** A label key's name in the interface's language. */
export const keyName = (key: LabelKey, lang: string) => (lang.startsWith('es') ? LABELS[key].es : LABELS[key].en);

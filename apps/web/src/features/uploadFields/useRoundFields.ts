import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrandFields, useRequiresFields } from './api';
import { emptyRound, filled, guessType, missingFor, valuesFor } from './rules';
import type { RoundFields } from './rules';

export interface PendingFile {
  id: string;
  name: string;
  mime: string | undefined;
}

/**
 * The brand fields of an upload round into a brand (null: a new version, none asked): the
 * section's props, which required fields are still empty when the brand requires them (the
 * start waits for them), and the values each file is sent with.
 */
export function useRoundFields(brandId: number | null, pending: readonly PendingFile[]) {
  const { i18n } = useTranslation();
  const [value, setValue] = useState<RoundFields>(emptyRound);
  const { fields, optionsOf, isLoading, isError } = useBrandFields(brandId);
  const requires = useRequiresFields(brandId);
  const missing = new Set<string>();
  if (requires)
    for (const p of pending)
      for (const f of missingFor(fields, valuesFor(value, p.id), guessType(p.mime)))
        missing.add(i18n.language === 'es' ? f.label_es : f.label_en);
  return {
    section: {
      fields,
      optionsOf,
      loading: brandId !== null && isLoading,
      failed: isError,
      files: pending.map((p) => ({ id: p.id, name: p.name })),
      value,
      onChange: setValue,
      missing: [...missing],
    },
    blocked: missing.size > 0,
    /** The round's common values (apply to all), else none. */
    common: value.applyAll ? filled(value.all) : undefined,
    /** A file's own values when the round is file by file. */
    fieldsOf: (id: string) => (value.applyAll ? undefined : filled(valuesFor(value, id))),
  };
}

import type { ReactNode } from 'react';
import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';

/**
 * A long field's description: its hint (if any) and, right-aligned, "used / max", so the
 * contract's limit is in sight before the box stops taking text.
 */
export function CharCount({ value, max, hint }: { value: string | null | undefined; max: number; hint?: ReactNode }) {
  const { t } = useTranslation();
  const vars = { used: formatNumber(value?.length ?? 0), max: formatNumber(max) };
  return (
    // Spans only: Mantine renders a field's description inside a paragraph.
    <span style={{ display: 'flex', gap: 'var(--mantine-spacing-xs)', justifyContent: 'space-between' }}>
      <span>{hint}</span>
      <span data-testid="char-count" style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
        <span aria-hidden>{t('common.charCount', vars)}</span>
        <VisuallyHidden>{t('common.charCountLabel', vars)}</VisuallyHidden>
      </span>
    </span>
  );
}

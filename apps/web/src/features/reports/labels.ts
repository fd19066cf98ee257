import type { TFunction } from 'i18next';
import type { ImportState, RowOutcome } from '@brandvault/contract';

export const STATE_COLORS: Record<ImportState, string> = {
  previewing: 'blue',
  ready: 'teal',
  scheduled: 'violet',
  applying: 'blue',
  applied: 'green',
  cancelled: 'gray',
  failed: 'red',
  expired: 'gray',
};
export const OUTCOME_COLORS: Record<RowOutcome, string> = { change: 'blue', refused: 'red', unchanged: 'gray' };

/** A column key of a template as its header in the user's language. */
export const fieldLabel = (t: TFunction, field: string) => t(`reports.fields.${field}`, { defaultValue: field });

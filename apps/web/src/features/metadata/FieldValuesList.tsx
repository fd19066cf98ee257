import { Fragment } from 'react';
import type { FieldValue, Lang, MetadataField, VocabularyOption } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../i18n/format';
import { fieldLabel, valueText } from './labels';

interface Props {
  fields: readonly MetadataField[];
  values: Readonly<Record<string, FieldValue>>;
  options: Readonly<Record<number, readonly VocabularyOption[]>>;
  className?: string;
  /** Shown when no field holds a value; nothing at all without it. */
  empty?: string;
}

/** The fields that hold a value, as label and text (option labels, tree paths), in field order. */
export function FieldValuesList({ fields, values, options, className, empty }: Props) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'es' ? 'es' : 'en';
  const words = {
    yes: t('metadata.values.yes'),
    no: t('metadata.values.no'),
    formatNumber,
    // A bare day is read at noon UTC so no time zone moves it to the day before.
    formatDay: (d: string) => formatDate(`${d}T12:00:00Z`),
  };
  const rows = fields
    .map((f) => ({
      f,
      text: valueText(f, values[f.key], f.vocabulary_id === null ? [] : (options[f.vocabulary_id] ?? []), lang, words),
    }))
    .filter((r) => r.text !== '');
  if (rows.length === 0) return empty ? <p className={className}>{empty}</p> : null;
  return (
    <dl className={className} data-testid="brand-field-values">
      {rows.map(({ f, text }) => (
        <Fragment key={f.id}>
          <dt>{fieldLabel(f, lang)}</dt>
          <dd>{text}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

import type { TFunction } from 'i18next';
import i18n from '../../i18n';

/** A job's name for people: `jobs.names.<job name>` (nested by its dots), or a generic one. */
export function jobLabel(t: TFunction, name: string): string {
  const key = `jobs.names.${name}`;
  return i18n.exists(key) ? t(key) : t('jobs.unnamed');
}

import { currentLang } from './index';

export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(currentLang(), { dateStyle: 'medium' }).format(d);
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat(currentLang()).format(value);
}

import 'dayjs/locale/es';
import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Calendars speak the app's language: Spanish weeks start on Monday, English ones on Sunday. */
export function LocalizedDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'es' ? 'es' : 'en';
  return <DatesProvider settings={{ locale, firstDayOfWeek: locale === 'es' ? 1 : 0 }}>{children}</DatesProvider>;
}

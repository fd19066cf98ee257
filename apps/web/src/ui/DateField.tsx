import { DatePickerInput, DateTimePicker } from '@mantine/dates';
import type { DatePickerInputProps, DateTimePickerProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The calendar's header controls, named in the app's language (its days name themselves). */
function calendarLabels(t: TFunction) {
  return {
    ariaLabels: {
      nextMonth: t('dates.nextMonth'),
      previousMonth: t('dates.previousMonth'),
      nextYear: t('dates.nextYear'),
      previousYear: t('dates.previousYear'),
      nextDecade: t('dates.nextDecade'),
      previousDecade: t('dates.previousDecade'),
      monthLevelControl: t('dates.monthLevel'),
      yearLevelControl: t('dates.yearLevel'),
    },
  };
}

type DateProps = Omit<DatePickerInputProps<'default'>, 'value' | 'onChange' | 'minDate' | 'maxDate'> & {
  /** 'YYYY-MM-DD', or '' for none: the form and URL values the app already uses. */
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
};

/**
 * A day, picked on a calendar in the app's language (month names, first day of the week),
 * whatever the browser's own language; native date inputs follow the browser instead.
 */
export function DateField({ value, onChange, min, max, ...rest }: DateProps) {
  const { t } = useTranslation();
  return (
    <DatePickerInput
      {...calendarLabels(t)}
      valueFormat="D MMM YYYY"
      clearable
      clearButtonProps={{ 'aria-label': t('dates.clear') }}
      leftSection={<IconCalendar size={16} aria-hidden />}
      placeholder={t('dates.pick')}
      {...rest}
      value={value || null}
      minDate={min || undefined}
      maxDate={max || undefined}
      onChange={(v) => onChange(v ?? '')}
    />
  );
}

type DateTimeProps = Omit<DateTimePickerProps, 'value' | 'onChange'> & {
  /** 'YYYY-MM-DD HH:mm:ss' in local time. */
  value: string;
  onChange: (value: string) => void;
};

/** A day and a time of day, in the app's language. */
export function DateTimeField({ value, onChange, ...rest }: DateTimeProps) {
  const { t } = useTranslation();
  return (
    <DateTimePicker
      {...calendarLabels(t)}
      valueFormat="D MMM YYYY HH:mm"
      leftSection={<IconCalendar size={16} aria-hidden />}
      {...rest}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
    />
  );
}

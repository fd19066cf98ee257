import { Badge, Text } from '@mantine/core';
import { auditEventLabel, auditSectionLabel } from '@brandvault/contract';
import type { AuditEntry } from '@brandvault/contract';
import type { TFunction } from 'i18next';
import type { ColumnDef } from '../../ui/adminTable';
import { formatDateTime } from '../../i18n/format';
import classes from './Audit.module.css';

export type Lang = 'en' | 'es';

/** The person an entry names, and the admin behind them while emulating. */
export function Who({ entry, t }: { entry: AuditEntry; t: TFunction }) {
  if (!entry.user)
    return (
      <Text size="sm" c="dimmed">
        {t('audit.nobody')}
      </Text>
    );
  return (
    <div className={classes.person}>
      <Text size="sm" fw={500} className={classes.line}>
        {entry.user.name || entry.user.email}
      </Text>
      <Text size="xs" c="dimmed" className={classes.line}>
        {entry.user.email}
      </Text>
      {entry.emulator && (
        <Text size="xs" c="orange" className={classes.line}>
          {t('audit.emulatedBy', { name: entry.emulator.name || entry.emulator.email })}
        </Text>
      )}
    </div>
  );
}

/** The audit table's columns; a phone keeps the event, the person and the time. */
export function auditColumns(t: TFunction, lang: Lang): ColumnDef<AuditEntry>[] {
  return [
    {
      key: 'event',
      header: t('audit.columns.event'),
      cell: (e) => (
        <div className={classes.person}>
          <Text size="sm" fw={500} className={classes.line}>
            {auditEventLabel(e.event, lang)}
          </Text>
          {e.target && (
            <Text size="xs" c="dimmed" className={classes.line}>
              {e.target.label}
            </Text>
          )}
          {/* Phones have no date column: the time goes under the event. */}
          <Text size="xs" c="dimmed" hiddenFrom="sm">
            {formatDateTime(e.created_at)}
          </Text>
        </div>
      ),
    },
    {
      key: 'section',
      header: t('audit.columns.section'),
      visibleFrom: 'md',
      cell: (e) => (
        <Badge variant="light" color="gray" radius="sm">
          {auditSectionLabel(e.section, lang)}
        </Badge>
      ),
    },
    { key: 'user', header: t('audit.columns.user'), cell: (e) => <Who entry={e} t={t} /> },
    {
      key: 'ip',
      header: t('audit.columns.ip'),
      visibleFrom: 'lg',
      cell: (e) => (
        <Text size="sm" ff="monospace">
          {e.ip}
        </Text>
      ),
    },
    {
      key: 'date',
      header: t('audit.columns.date'),
      visibleFrom: 'sm',
      cell: (e) => <Text size="sm">{formatDateTime(e.created_at)}</Text>,
    },
  ];
}

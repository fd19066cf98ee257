import { Badge, Divider, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { auditEventLabel, auditSectionLabel } from '@brandvault/contract';
import type { AuditEntry } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import type { Lang } from './auditColumns';
import { Who } from './auditColumns';
import classes from './Audit.module.css';
import { ScrollTable } from '../../ui/ScrollTable';

/** A recorded value as plain text: lists joined, nothing as a dash (never HTML). */
export function shown(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.length ? v.map(shown).join(', ') : '—';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={120} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <div style={{ minWidth: 0 }}>{children}</div>
    </Group>
  );
}

/** One entry in full: who, from where, on what, and each change before and after. */
export function AuditDetails({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language.startsWith('es') ? 'es' : 'en';
  const changes = Object.entries(entry?.changes ?? {});
  const info = Object.entries(entry?.info ?? {});
  return (
    <Modal opened={entry !== null} onClose={onClose} title={entry ? auditEventLabel(entry.event, lang) : ''} size="lg">
      {entry && (
        <Stack gap="sm" data-testid="audit-details">
          <Fact label={t('audit.columns.section')}>
            <Badge variant="light" color="gray" radius="sm">
              {auditSectionLabel(entry.section, lang)}
            </Badge>
          </Fact>
          <Fact label={t('audit.columns.date')}>
            <Text size="sm">{formatDateTime(entry.created_at)}</Text>
          </Fact>
          <Fact label={t('audit.columns.user')}>
            <Who entry={entry} t={t} />
          </Fact>
          {entry.target && (
            <Fact label={t('audit.target')}>
              <Group gap="xs" wrap="wrap">
                <Badge variant="outline" color="gray" radius="sm" size="sm">
                  {t(`audit.targetTypes.${entry.target.type}`, { defaultValue: entry.target.type })}
                </Badge>
                <Text size="sm">{entry.target.label}</Text>
              </Group>
            </Fact>
          )}
          <Fact label={t('audit.columns.ip')}>
            <Text size="sm" ff="monospace">
              {entry.ip}
            </Text>
          </Fact>
          <Fact label={t('audit.userAgent')}>
            <Text size="xs" c="dimmed" className={classes.value}>
              {entry.user_agent ?? '—'}
            </Text>
          </Fact>
          {info.map(([k, v]) => (
            <Fact key={k} label={t(`audit.fields.${k}`, { defaultValue: k })}>
              <Text size="sm" className={classes.value}>
                {shown(v)}
              </Text>
            </Fact>
          ))}
          {changes.length > 0 && (
            <>
              <Divider label={t('audit.changes')} labelPosition="left" />
              <ScrollTable minWidth={360} label={t('audit.changes')}>
                <Table verticalSpacing="xs" data-testid="audit-changes">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('audit.field')}</Table.Th>
                      <Table.Th>{t('audit.before')}</Table.Th>
                      <Table.Th>{t('audit.after')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {changes.map(([field, c]) => (
                      <Table.Tr key={field}>
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            {t(`audit.fields.${field}`, { defaultValue: field })}
                          </Text>
                        </Table.Td>
                        <Table.Td className={`${classes.value} ${classes.removed}`}>{shown(c.before)}</Table.Td>
                        <Table.Td className={`${classes.value} ${classes.added}`}>{shown(c.after)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}

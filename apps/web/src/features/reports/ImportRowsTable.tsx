import { Badge, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { ImportKind, ImportRow } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { OUTCOME_COLORS, fieldLabel } from './labels';

/** The preview's rows: what changes (before → after), what is refused and why, and after applying, the result. */
export function ImportRowsTable({ kind, rows }: { kind: ImportKind; rows: ImportRow[] }) {
  const { t } = useTranslation();
  return (
    <ScrollArea type="auto">
      <Table striped verticalSpacing="xs" miw={520} data-testid="import-rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={60}>{t('reports.preview.row')}</Table.Th>
            <Table.Th>{t(`reports.preview.item.${kind}`)}</Table.Th>
            <Table.Th>{t('reports.preview.what')}</Table.Th>
            <Table.Th w={130}>{t('reports.preview.outcome')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.row} data-testid={`import-row-${r.row}`}>
              <Table.Td>{r.row}</Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2} style={{ wordBreak: 'break-word' }}>
                  {r.label ?? (r.target_id ? `#${r.target_id}` : '—')}
                </Text>
              </Table.Td>
              <Table.Td>
                {r.changes.length > 0 ? (
                  <Stack gap={2}>
                    {r.changes.map((c) => (
                      <Text key={c.field} size="xs" style={{ wordBreak: 'break-word' }}>
                        <Text span fw={600} size="xs">
                          {fieldLabel(t, c.field)}:
                        </Text>{' '}
                        <Text span td="line-through" c="dimmed" size="xs">
                          {c.before || t('reports.preview.empty')}
                        </Text>{' '}
                        → {c.after || t('reports.preview.empty')}
                      </Text>
                    ))}
                  </Stack>
                ) : (
                  <Text size="xs" c={r.reason ? 'red' : 'dimmed'}>
                    {r.reason ?? t('reports.preview.nothing')}
                  </Text>
                )}
                {r.result_reason && r.result === 'refused' && r.outcome === 'change' && (
                  <Text size="xs" c="red">
                    {r.result_reason}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <Badge size="sm" variant="light" color={OUTCOME_COLORS[r.outcome]}>
                    {t(`reports.outcome.${r.outcome}`)}
                  </Badge>
                  {r.result && (
                    <Badge
                      size="sm"
                      variant="outline"
                      color={r.result === 'applied' ? 'green' : r.result === 'refused' ? 'red' : 'gray'}
                    >
                      {t(`reports.result.${r.result}`)}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

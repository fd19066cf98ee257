import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { auditEventLabel } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelativeTime } from '../../i18n/format';
import { useCan } from '../../state/access';
import { useRecentActivity } from './api';
import { CardEmpty, DashboardCard } from './DashboardCard';

/** The newest audit entries: everyone's for administrators (with the way to the log), else one's own. */
export function RecentActivity() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language.startsWith('es') ? 'es' : 'en';
  const can = useCan();
  const recent = useRecentActivity();
  const mine = recent.data?.scope === 'mine';
  const items = recent.data?.items ?? [];
  return (
    <DashboardCard
      title={t(mine ? 'dashboard.recent.mine' : 'dashboard.recent.title')}
      state={recent}
      height={220}
      testId="dashboard-recent"
      extra={
        can.role('admin') && (
          <Anchor component={Link} to="/audit/all" size="sm">
            {t('dashboard.recent.all')}
          </Anchor>
        )
      }
    >
      {items.length === 0 ? (
        <CardEmpty>{t('dashboard.recent.empty')}</CardEmpty>
      ) : (
        <Stack
          gap={8}
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('dashboard.recent.title')}
        >
          {items.map((e) => (
            <li key={e.id}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate="end">
                    {auditEventLabel(e.event, lang)}
                    {e.target ? ` · ${e.target.label}` : ''}
                  </Text>
                  {!mine && (
                    <Text size="xs" c="dimmed" truncate="end">
                      {e.user ? e.user.name || e.user.email : t('audit.nobody')}
                    </Text>
                  )}
                </div>
                <Text size="xs" c="dimmed" title={formatDateTime(e.created_at)} style={{ whiteSpace: 'nowrap' }}>
                  {formatRelativeTime(e.created_at)}
                </Text>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </DashboardCard>
  );
}

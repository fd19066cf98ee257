import { useState } from 'react';
import { Container, Group } from '@mantine/core';
import { IconListDetails, IconShieldCheck } from '@tabler/icons-react';
import { AUDIT_EVENT_NAMES, AUDIT_SECTION_NAMES, auditEventLabel, auditSectionLabel } from '@brandvault/contract';
import type { AuditEntry, AuditEventName, AuditSection } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { AdminTable, useTableUrl } from '../../ui/adminTable';
import type { FilterDef } from '../../ui/adminTable';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { useUsers } from '../users/api';
import { useAuditEntries, useAuditVerify } from './api';
import type { AuditListQuery } from './api';
import { auditColumns } from './auditColumns';
import type { Lang } from './auditColumns';
import { AuditDetails } from './AuditDetails';
import { AuditExportButton } from '../reports/AuditExportButton';
import { AuditVerifyButton, AuditVerifyResult } from './AuditVerifyButton';

const PER_PAGE = 25;

/** audit.all: every recorded change, newest first, filtered in the URL (route guard: role admin). */
export default function AuditPage() {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language.startsWith('es') ? 'es' : 'en';
  usePageTitle(t('audit.title'));
  const people = useUsers({ page: 1, per_page: 100 });
  const filters: FilterDef[] = [
    {
      type: 'select',
      key: 'event',
      label: t('audit.filters.event'),
      allLabel: t('audit.filters.allEvents'),
      options: AUDIT_EVENT_NAMES.map((e) => ({ value: e, label: auditEventLabel(e, lang) })),
    },
    {
      type: 'select',
      key: 'section',
      label: t('audit.filters.section'),
      allLabel: t('audit.filters.allSections'),
      options: AUDIT_SECTION_NAMES.map((s) => ({ value: s, label: auditSectionLabel(s, lang) })),
    },
    {
      type: 'select',
      key: 'user',
      label: t('audit.filters.user'),
      allLabel: t('audit.filters.allUsers'),
      searchable: true,
      // Options arrive after the page; a `user=` link must survive until they do.
      acceptUnlisted: true,
      options: (people.data?.items ?? []).map((u) => ({
        value: String(u.id),
        label: `${u.first_name} ${u.last_name} (${u.email})`,
      })),
    },
    {
      type: 'dateRange',
      key: 'date',
      label: t('audit.filters.date'),
      fromLabel: t('audit.filters.from'),
      toLabel: t('audit.filters.to'),
    },
    { type: 'text', key: 'ip', label: t('audit.filters.ip'), placeholder: t('audit.filters.ipPlaceholder') },
  ];
  const table = useTableUrl({ filters, perPage: PER_PAGE, perPageOptions: [PER_PAGE, 50, 100] });
  const { page, perPage } = table.state;
  const f = table.state.filters;
  const userId = Number(f.user);
  const query: AuditListQuery = {
    page,
    ...(perPage !== PER_PAGE ? { per_page: perPage } : { per_page: PER_PAGE }),
    ...(f.event ? { event: f.event as AuditEventName } : {}),
    ...(f.section ? { section: f.section as AuditSection } : {}),
    ...(Number.isInteger(userId) && userId > 0 ? { user_id: userId } : {}),
    ...(f.date_from ? { from: f.date_from } : {}),
    ...(f.date_to ? { to: f.date_to } : {}),
    ...(f.ip ? { ip: f.ip } : {}),
  };
  const entries = useAuditEntries(query);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const verify = useAuditVerify();

  return (
    <Container size="xl" py="xl">
      <PageHeader
        title={t('audit.title')}
        description={t('audit.subtitle')}
        actions={
          <Group gap="sm">
            <AuditVerifyButton verify={verify} />
            <AuditExportButton query={query} />
          </Group>
        }
      />
      {verify.data && <AuditVerifyResult result={verify.data} />}
      <AdminTable<AuditEntry>
        table={table}
        query={entries}
        label={t('audit.tableLabel')}
        columns={auditColumns(t, lang)}
        rowKey={(e) => e.id}
        rowName={(e) => auditEventLabel(e.event, lang)}
        rowProps={(e) => ({ 'data-testid': `audit-row-${e.seq}` })}
        actions={[
          {
            key: 'details',
            label: t('audit.details'),
            ariaLabel: (e) => t('audit.detailsOf', { event: auditEventLabel(e.event, lang) }),
            icon: <IconListDetails size={16} />,
            inline: true,
            onClick: setOpen,
          },
        ]}
        empty={{
          icon: <IconShieldCheck size={28} stroke={1.6} />,
          title: t('audit.emptyTitle'),
          description: t('audit.empty'),
        }}
        noMatch={{ title: t('audit.noMatchTitle'), description: t('audit.noMatch') }}
      />
      <AuditDetails entry={open} onClose={() => setOpen(null)} />
    </Container>
  );
}

import { useState } from 'react';
import { Container } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { SHARE_LINK_STATES } from '@brandvault/contract';
import type { ShareLink, ShareLinkState } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { AdminTable, useTableUrl } from '../../ui/adminTable';
import type { FilterDef } from '../../ui/adminTable';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { useCan } from '../../state/access';
import { useUsers } from '../users/api';
import { useShareLinks } from './api';
import type { ShareLinkListQuery } from './api';
import { ExpiryModal } from './ExpiryModal';
import { shareLinkColumns, shareLinkName } from './shareLinkColumns';
import { useShareLinkActions } from './useShareLinkActions';

const PER_PAGE = 20;

/** shareLink.manage: every share link, filtered by creator and state in the URL (route guard: shareLink.view). */
export default function ShareLinksPage() {
  const { t } = useTranslation();
  usePageTitle(t('shareLinks.title'));
  const can = useCan();
  // The creator filter lists people from the user directory, which needs user.view.
  const canListUsers = can.permission('user.view');
  const people = useUsers({ page: 1, per_page: 100 }, { enabled: canListUsers });
  const creatorFilter: FilterDef = {
    type: 'select',
    key: 'created_by',
    label: t('shareLinks.filters.creator'),
    allLabel: t('shareLinks.filters.allCreators'),
    searchable: true,
    // Options arrive after the page; a `created_by=` link must survive until they do.
    acceptUnlisted: true,
    options: (people.data?.items ?? []).map((u) => ({
      value: String(u.id),
      label: `${u.first_name} ${u.last_name} (${u.email})`,
    })),
  };
  const filters: FilterDef[] = [
    ...(canListUsers ? [creatorFilter] : []),
    {
      type: 'select',
      key: 'state',
      label: t('shareLinks.filters.state'),
      allLabel: t('shareLinks.filters.allStates'),
      options: SHARE_LINK_STATES.map((s) => ({ value: s, label: t(`shareLinks.states.${s}`) })),
    },
  ];
  const table = useTableUrl({ filters, perPage: PER_PAGE, perPageOptions: [PER_PAGE, 50, 100] });
  const { page, perPage } = table.state;
  const f = table.state.filters;
  const creator = Number(f.created_by);
  const query: ShareLinkListQuery = {
    page,
    per_page: perPage,
    ...(Number.isInteger(creator) && creator > 0 ? { created_by: creator } : {}),
    ...(f.state ? { state: f.state as ShareLinkState } : {}),
  };
  const links = useShareLinks(query);
  const [editing, setEditing] = useState<ShareLink | null>(null);
  const actions = useShareLinkActions(setEditing);

  return (
    // Eleven columns: the full width, so that they fit without scrolling on a laptop.
    <Container fluid py="xl">
      <PageHeader title={t('shareLinks.title')} description={t('shareLinks.subtitle')} />
      <AdminTable<ShareLink>
        table={table}
        query={links}
        label={t('shareLinks.tableLabel')}
        columns={shareLinkColumns(t)}
        rowKey={(l) => l.id}
        rowName={(l) => shareLinkName(t, l)}
        rowProps={(l) => ({ 'data-testid': `share-link-row-${l.id}` })}
        // The update route needs shareLink.manage whatever a row's abilities say.
        actions={can.permission('shareLink.manage') ? actions : []}
        empty={{
          icon: <IconLink size={28} stroke={1.6} />,
          title: t('shareLinks.emptyTitle'),
          description: t('shareLinks.empty'),
        }}
        noMatch={{ title: t('shareLinks.noMatchTitle'), description: t('shareLinks.noMatch') }}
        range={(r) => t('shareLinks.range', r)}
      />
      <ExpiryModal link={editing} onClose={() => setEditing(null)} />
    </Container>
  );
}

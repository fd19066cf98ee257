import { ActionIcon, Anchor, Badge, CopyButton, Group, Text, ThemeIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy, IconLock, IconLockOpen, IconUsers, IconUsersGroup, IconWorld } from '@tabler/icons-react';
import type { ShareAudience, ShareLink } from '@brandvault/contract';
import type { TFunction } from 'i18next';
import type { ColumnDef } from '../../ui/adminTable';
import { formatDate, formatDateTime, formatNumber, formatTime } from '../../i18n/format';
import classes from './ShareLinks.module.css';
import { ShareLinkStateBadge } from './StateBadge';

/** How many recipients a cell names before "+N more" (the tooltip names them all). */
const NAMED_RECIPIENTS = 1;

/** What a row is called where its address cannot be shown (administrators never see it). */
export const shareLinkName = (t: TFunction, link: Pick<ShareLink, 'id' | 'resource_type'>) =>
  t(`shareLinks.linkName.${link.resource_type}`, { id: link.id });

const AUDIENCE_ICONS: Record<ShareAudience, typeof IconUsers> = {
  users: IconUsers,
  app: IconUsersGroup,
  anyone: IconWorld,
};

/** A link only its creator can see: the address with a copy button; for anyone else, its name. */
function LinkCell({ link, t }: { link: ShareLink; t: TFunction }) {
  const name = shareLinkName(t, link);
  return (
    <div className={classes.cell}>
      {link.link ? (
        <Group gap={4} wrap="nowrap">
          <Anchor
            href={link.link}
            target="_blank"
            rel="noreferrer"
            size="sm"
            className={`${classes.line} ${classes.address}`}
          >
            {link.link}
          </Anchor>
          <CopyButton value={link.link} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('shareLinks.copied') : t('shareLinks.copy')} withArrow>
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  size="sm"
                  onClick={copy}
                  aria-label={t('shareLinks.copyNamed', { name })}
                >
                  {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      ) : (
        <Tooltip label={t('shareLinks.addressHidden')} withArrow multiline w={240}>
          <Text size="sm" fw={500} className={classes.linkName} tabIndex={0}>
            {name}
          </Text>
        </Tooltip>
      )}
      {/* Phones have no resource or expiry column: both go under the link. */}
      <Text size="xs" c="dimmed" hiddenFrom="sm" className={classes.line}>
        {link.resource_name}
      </Text>
      <Text size="xs" c="dimmed" hiddenFrom="sm">
        {expiry(link, t)}
      </Text>
    </div>
  );
}

const expiry = (link: ShareLink, t: TFunction) =>
  link.expires_at ? formatDateTime(link.expires_at) : t('shareLinks.never');

/** Who can open it: the named recipients, or everyone signed in, or anyone holding the link. */
function SharedTo({ link, t }: { link: ShareLink; t: TFunction }) {
  if (link.audience !== 'users')
    return (
      <Text size="sm" c="dimmed" className={classes.narrow}>
        {t(`shareLinks.audiences.${link.audience}`)}
      </Text>
    );
  if (link.shared_to.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const names = link.shared_to.map((u) => u.name);
  const shown = names.slice(0, NAMED_RECIPIENTS).join(', ');
  const more = names.length - NAMED_RECIPIENTS;
  return (
    <Tooltip label={names.join(', ')} withArrow multiline w={280}>
      <Group gap={6} wrap="nowrap" tabIndex={0}>
        {more > 0 && (
          <VisuallyHidden>{t('shareLinks.andMore', { names: shown, formatted: formatNumber(more) })}</VisuallyHidden>
        )}
        <Text size="sm" className={`${classes.line} ${classes.names}`} aria-hidden={more > 0 || undefined}>
          {shown}
        </Text>
        {/* Apart from the names, so a truncated name never hides how many more there are. */}
        {more > 0 && (
          <Badge size="sm" variant="light" color="gray" className={classes.count} aria-hidden>
            {t('shareLinks.moreCount', { formatted: formatNumber(more) })}
          </Badge>
        )}
      </Group>
    </Tooltip>
  );
}

/** The expiry as date over time (narrower than one line), or "Never". */
function Expiry({ link, t }: { link: ShareLink; t: TFunction }) {
  if (!link.expires_at)
    return (
      <Text size="sm" c="dimmed">
        {t('shareLinks.never')}
      </Text>
    );
  return (
    <div className={classes.nowrap}>
      <Text size="sm">{formatDate(link.expires_at)}</Text>
      <Text size="xs" c="dimmed">
        {formatTime(link.expires_at)}
      </Text>
    </div>
  );
}

/**
 * The share-link table's columns. The status comes right after the link so it stays in view
 * when the table scrolls sideways; a phone keeps the link (with its collection and expiry) and
 * the status.
 */
export function shareLinkColumns(t: TFunction): ColumnDef<ShareLink>[] {
  return [
    { key: 'link', header: t('shareLinks.columns.link'), cell: (l) => <LinkCell link={l} t={t} /> },
    {
      key: 'state',
      header: t('shareLinks.columns.state'),
      cell: (l) => (
        <div className={classes.badges}>
          <ShareLinkStateBadge state={l.state} />
        </div>
      ),
    },
    {
      key: 'expires',
      header: t('shareLinks.columns.expires'),
      visibleFrom: 'sm',
      cell: (l) => <Expiry link={l} t={t} />,
    },
    {
      key: 'resource',
      header: t('shareLinks.columns.resource'),
      visibleFrom: 'sm',
      cell: (l) => (
        <Text size="sm" fw={500} className={`${classes.line} ${classes.narrow}`} title={l.resource_name}>
          {l.resource_name}
        </Text>
      ),
    },
    {
      key: 'type',
      header: t('shareLinks.columns.type'),
      visibleFrom: 'xl',
      cell: (l) => (
        <Text size="sm" c="dimmed">
          {t(`shareLinks.types.${l.resource_type}`)}
        </Text>
      ),
    },
    {
      key: 'creator',
      header: t('shareLinks.columns.creator'),
      visibleFrom: 'md',
      cell: (l) => (
        <Text size="sm" className={`${classes.line} ${classes.narrow}`}>
          {l.created_by.name}
        </Text>
      ),
    },
    {
      key: 'sharedTo',
      header: t('shareLinks.columns.sharedTo'),
      visibleFrom: 'lg',
      cell: (l) => <SharedTo link={l} t={t} />,
    },
    {
      key: 'audience',
      header: t('shareLinks.columns.audience'),
      visibleFrom: 'lg',
      align: 'center',
      // An icon only: "Shared to" beside it already says the same in words.
      cell: (l) => {
        const Icon = AUDIENCE_ICONS[l.audience];
        const label = t(`shareLinks.audiences.${l.audience}`);
        return (
          <Tooltip label={label} withArrow>
            <ThemeIcon variant="light" color="gray" size="md" role="img" aria-label={label} tabIndex={0}>
              <Icon size={16} aria-hidden />
            </ThemeIcon>
          </Tooltip>
        );
      },
    },
    {
      key: 'password',
      header: t('shareLinks.columns.password'),
      visibleFrom: 'xl',
      cell: (l) => (
        <Group gap={4} wrap="nowrap">
          {l.has_password ? <IconLock size={14} aria-hidden /> : <IconLockOpen size={14} aria-hidden color="gray" />}
          <Text size="sm" c={l.has_password ? undefined : 'dimmed'}>
            {l.has_password ? t('shareLinks.yes') : t('shareLinks.no')}
          </Text>
        </Group>
      ),
    },
    {
      key: 'protection',
      header: t('shareLinks.columns.protection'),
      visibleFrom: 'lg',
      cell: (l) =>
        l.watermark || l.traceable ? (
          <Group gap={4} wrap="nowrap">
            {l.watermark && (
              <Badge variant="light" color="grape" size="sm">
                {t('shareLinks.watermark')}
              </Badge>
            )}
            {l.traceable && (
              <Badge variant="light" color="orange" size="sm">
                {t('shareLinks.traceable')}
              </Badge>
            )}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('shareLinks.noProtection')}
          </Text>
        ),
    },
    {
      key: 'views',
      header: t('shareLinks.columns.views'),
      visibleFrom: 'xl',
      align: 'right',
      cell: (l) => <Text size="sm">{formatNumber(l.views)}</Text>,
    },
    {
      key: 'downloads',
      header: t('shareLinks.columns.downloads'),
      visibleFrom: 'xl',
      align: 'right',
      cell: (l) =>
        l.allow_download ? (
          <Text size="sm">{formatNumber(l.downloads)}</Text>
        ) : (
          <Tooltip label={t('shareLinks.downloadsOff')} withArrow>
            <Text size="sm" c="dimmed" tabIndex={0}>
              {formatNumber(l.downloads)}
            </Text>
          </Tooltip>
        ),
    },
  ];
}

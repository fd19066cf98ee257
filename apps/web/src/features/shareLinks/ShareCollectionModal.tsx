import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tabs,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconEye, IconLink, IconLock, IconPlus } from '@tabler/icons-react';
import type { ShareLink } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../ui/confirm/confirmStore';
import { notifyError, notifySuccess } from '../../lib/notify';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { ShareForm } from './ShareForm';
import { useCollectionLinks, useRevokeShare } from './api';
import { ShareLinkStateBadge } from './StateBadge';

/** Share a collection: a new link's settings, the link just made, and the owner's links so far. */
export function ShareCollectionModal({
  collection,
  onClose,
}: {
  collection: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={collection !== null}
      onClose={onClose}
      size="lg"
      title={collection ? t('share.title', { name: collection.name }) : ''}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {collection && <ShareBody collection={collection} />}
    </Modal>
  );
}

function ShareBody({ collection }: { collection: { id: number; name: string } }) {
  const { t } = useTranslation();
  const [made, setMade] = useState<ShareLink | null>(null);
  const [tab, setTab] = useState<string | null>('new');
  const links = useCollectionLinks(collection.id);
  const count = links.data?.total ?? 0;
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="new" leftSection={<IconPlus size={14} />}>
          {t('share.newTab')}
        </Tabs.Tab>
        <Tabs.Tab value="links" leftSection={<IconLink size={14} />}>
          {t('share.linksTab', { count, formatted: formatNumber(count) })}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="new">
        {made ? (
          <MadeLink link={made} onAnother={() => setMade(null)} />
        ) : (
          <ShareForm collection={collection} onCreated={setMade} />
        )}
      </Tabs.Panel>
      <Tabs.Panel value="links">
        <LinkList collection={collection} />
      </Tabs.Panel>
    </Tabs>
  );
}

/**
 * The link just made stays on screen with who it reaches, instead of a form reset to its first
 * audience: the owner copies it, then asks for another link if they want one.
 */
function MadeLink({ link, onAnother }: { link: ShareLink; onAnother: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="share-made">
      <Alert color="teal" variant="light" icon={<IconLink size={18} />} title={t('share.readyTitle')}>
        <Stack gap="xs">
          <Group gap="xs">
            <Badge variant="light" color="gray">
              {t(`shareLinks.audiences.${link.audience}`)}
            </Badge>
            <Text size="xs" c="dimmed">
              {link.expires_at
                ? t('share.expiresAt', { date: formatDateTime(link.expires_at) })
                : t('share.neverExpires')}
            </Text>
          </Group>
          {link.shared_to.length > 0 && (
            <Text size="sm">{t('share.sentTo', { names: link.shared_to.map((u) => u.name).join(', ') })}</Text>
          )}
          {link.link && <Text size="sm">{t('share.ready')}</Text>}
          {link.link && <CopyField value={link.link} />}
        </Stack>
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" leftSection={<IconPlus size={16} />} onClick={onAnother}>
          {t('share.another')}
        </Button>
      </Group>
    </Stack>
  );
}

function CopyField({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <TextInput
      readOnly
      value={value}
      aria-label={t('share.link')}
      onFocus={(e) => e.currentTarget.select()}
      rightSection={
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('share.copied') : t('share.copy')} withArrow>
              <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={t('share.copy')}>
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}

/** The owner's links of this collection: who they reach, until when, their counts; copy and revoke. */
function LinkList({ collection }: { collection: { id: number; name: string } }) {
  const { t } = useTranslation();
  const links = useCollectionLinks(collection.id);
  const revoke = useRevokeShare(collection.id);
  const ask = async (l: ShareLink) => {
    const ok = await confirm({
      title: t('share.revokeTitle'),
      message: t('share.revokeMessage', { name: collection.name }),
      confirmLabel: t('share.revoke'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (!ok) return;
    revoke.mutate(l.id, {
      onSuccess: () => notifySuccess(t('share.revokedTitle'), t('share.revoked', { name: collection.name }), 'assets'),
      onError: (e) => notifyError(e, 'assets'),
    });
  };
  const items = links.data?.items ?? [];
  return (
    <Stack gap="sm">
      {links.isPending && <Skeleton h={72} radius="md" />}
      {links.isError && (
        <Text size="sm" c="red">
          {t('share.linksError')}
        </Text>
      )}
      {links.isSuccess && items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('share.noLinks')}
        </Text>
      )}
      {items.map((l) => (
        <Paper key={l.id} withBorder radius="md" p="sm" aria-label={t('share.linkLabel', { id: l.id })}>
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Group gap="xs" wrap="wrap">
                <Badge variant="light" color="gray">
                  {t(`shareLinks.audiences.${l.audience}`)}
                </Badge>
                <ShareLinkStateBadge state={l.state} />
                {l.has_password && (
                  <Tooltip label={t('share.hasPassword')}>
                    <IconLock size={16} aria-label={t('share.hasPassword')} />
                  </Tooltip>
                )}
              </Group>
              {l.abilities.revoke && (
                <Button size="compact-sm" variant="subtle" color="red" onClick={() => void ask(l)}>
                  {t('share.revoke')}
                </Button>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {l.expires_at
                ? t(l.state === 'expired' ? 'share.expiredAt' : 'share.expiresAt', {
                    date: formatDateTime(l.expires_at),
                  })
                : t('share.neverExpires')}
              {l.shared_to.length > 0 && ` · ${l.shared_to.map((u) => u.name).join(', ')}`}
            </Text>
            <Group gap="md">
              <Group gap={4}>
                <IconEye size={14} aria-hidden />
                <Text size="xs">{t('share.views', { count: l.views, formatted: formatNumber(l.views) })}</Text>
              </Group>
              <Group gap={4}>
                <IconDownload size={14} aria-hidden />
                <Text size="xs">
                  {l.allow_download
                    ? t('share.downloads', { count: l.downloads, formatted: formatNumber(l.downloads) })
                    : t('share.noDownloads')}
                </Text>
              </Group>
            </Group>
            {l.link && l.state === 'active' && <CopyField value={l.link} />}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

import { useEffect, useRef } from 'react';
import { Badge, Box, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconHistory, IconRestore } from '@tabler/icons-react';
import type { AssetView, AssetVersion } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../ui/confirm/confirmStore';
import { notifyError, notifySuccess } from '../../lib/notify';
import { formatBytes, formatDateTime } from '../../i18n/format';
import { useRestoreVersion, useVersions } from './api';
import { TypeIcon } from '../../ui/TypeIcon';

/** The asset's versions, newest first, with the current one marked and restore on older ones. */
export function VersionsPanel({ asset, onNewVersion }: { asset: AssetView; onNewVersion?: () => void }) {
  const { t } = useTranslation();
  const versions = useVersions(asset.id);
  const restore = useRestoreVersion();
  // A new version's thumbnail appears once its derivatives are made: look again when they are.
  const { refetch } = versions;
  const ready = asset.derivatives !== 'pending';
  const seen = useRef(`${ready}-${asset.thumbnail_url}`);
  useEffect(() => {
    const key = `${ready}-${asset.thumbnail_url}`;
    if (key === seen.current) return;
    seen.current = key;
    if (ready) void refetch();
  }, [ready, asset.thumbnail_url, refetch]);
  const items = [...(versions.data?.items ?? [])].sort((a, b) => b.number - a.number);

  const onRestore = async (v: AssetVersion) => {
    const ok = await confirm({
      title: t('versions.restoreConfirmTitle'),
      message: t('versions.restoreConfirm', { number: v.number }),
      confirmLabel: t('versions.restore'),
      cancelLabel: t('common.cancel'),
    });
    if (!ok) return;
    restore.mutate(
      { id: asset.id, number: v.number },
      {
        onSuccess: ({ version }) =>
          notifySuccess(
            t('versions.createdTitle'),
            t('versions.restored', { number: v.number, current: version.number }),
            'assets',
          ),
        onError: (e) => notifyError(e, 'assets'),
      },
    );
  };

  return (
    <Card component="section" aria-labelledby="asset-versions" withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="md" id="asset-versions">
          {t('versions.title')}
        </Title>
        {asset.abilities.version && onNewVersion && (
          <Button size="compact-sm" variant="light" leftSection={<IconHistory size={14} />} onClick={onNewVersion}>
            {t('versions.new')}
          </Button>
        )}
      </Group>
      {versions.isPending ? (
        <Stack gap="xs" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={48} />
          ))}
        </Stack>
      ) : versions.isError ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('versions.loadError')}
          </Text>
          <Button size="compact-sm" variant="subtle" onClick={() => void versions.refetch()}>
            {t('common.retry')}
          </Button>
        </Group>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('versions.empty')}
        </Text>
      ) : (
        <Stack
          gap="xs"
          component="ol"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
          aria-label={t('versions.title')}
        >
          {items.map((v) => (
            <Box component="li" key={v.number} data-testid={`version-${v.number}`}>
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Box
                  w={44}
                  h={44}
                  bg="gray.1"
                  style={{
                    flex: 'none',
                    borderRadius: 'var(--mantine-radius-sm)',
                    overflow: 'hidden',
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                  }}
                >
                  {v.thumbnail_url ? (
                    <img
                      src={v.thumbnail_url}
                      alt=""
                      loading="lazy"
                      style={{ width: '100%', height: '100%', objectFit: 'contain' }}
                    />
                  ) : (
                    <TypeIcon type={asset.type} size={20} />
                  )}
                </Box>
                <Box miw={0} style={{ flex: 1 }}>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={600}>
                      {t('versions.number', { number: v.number })}
                    </Text>
                    {v.current && (
                      <Badge size="xs" variant="light" color="teal">
                        {t('versions.current')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed" truncate>
                    {[formatBytes(v.size), v.author?.name, formatDateTime(v.created_at)].filter(Boolean).join(' · ')}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace" title={v.sha256}>
                    {t('versions.hash', { hash: v.sha256.slice(0, 10) })}
                  </Text>
                </Box>
                {!v.current && asset.abilities.version && (
                  <Button
                    size="compact-xs"
                    variant="default"
                    leftSection={<IconRestore size={12} />}
                    loading={restore.isPending && restore.variables?.number === v.number}
                    onClick={() => void onRestore(v)}
                    aria-label={t('versions.restoreNumber', { number: v.number })}
                  >
                    {t('versions.restore')}
                  </Button>
                )}
              </Group>
            </Box>
          ))}
        </Stack>
      )}
    </Card>
  );
}

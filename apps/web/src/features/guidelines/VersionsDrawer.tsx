import { Badge, Button, Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useGuidelineVersion, useGuidelineVersions, useRevertGuideline } from './api';

/** A page's published versions: each compared with the draft, and any made the draft again. */
export function VersionsDrawer({
  id,
  opened,
  onClose,
  onReverted,
}: {
  id: number;
  opened: boolean;
  onClose: () => void;
  onReverted: () => void;
}) {
  const { t } = useTranslation();
  const versions = useGuidelineVersions(id, opened);
  const [picked, setPicked] = useState<number | null>(null);
  const version = useGuidelineVersion(id, picked);
  const revert = useRevertGuideline(id);
  const c = version.data?.changes;
  return (
    <Drawer opened={opened} onClose={onClose} title={t('guidelines.history')} position="right">
      {!versions.data ? (
        <Skeleton h={200} />
      ) : (
        <Stack gap="xs">
          {versions.data.items.map((v) => (
            <Group key={v.number} justify="space-between" wrap="nowrap">
              <Stack gap={0}>
                <Text fw={500}>{t('guidelines.versionN', { version: v.number })}</Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(v.published_at)} · {v.published_by?.name ?? ''}
                </Text>
              </Stack>
              <Button
                size="compact-sm"
                variant={picked === v.number ? 'filled' : 'light'}
                onClick={() => setPicked(v.number)}
              >
                {t('guidelines.compare')}
              </Button>
            </Group>
          ))}
          {picked !== null && c && (
            <Stack gap={4} mt="md" data-testid="guideline-compare">
              <Text fw={600}>{t('guidelines.compareTitle', { version: picked })}</Text>
              {c.title && <Badge variant="light">{t('guidelines.titleChanged')}</Badge>}
              <Text size="sm">{t('guidelines.blocksAdded', { count: c.added.length })}</Text>
              <Text size="sm">{t('guidelines.blocksRemoved', { count: c.removed.length })}</Text>
              <Text size="sm">{t('guidelines.blocksChanged', { count: c.changed.length })}</Text>
              {c.reordered && <Text size="sm">{t('guidelines.blocksReordered')}</Text>}
              <Button
                mt="sm"
                color="orange"
                loading={revert.isPending}
                onClick={() =>
                  revert.mutate(picked, {
                    onSuccess: () => {
                      notifySuccess(t('guidelines.revertedTitle'), t('guidelines.reverted', { version: picked }));
                      onClose();
                      onReverted();
                    },
                    onError: (e) => notifyError(e),
                  })
                }
              >
                {t('guidelines.revert', { version: picked })}
              </Button>
            </Stack>
          )}
        </Stack>
      )}
    </Drawer>
  );
}

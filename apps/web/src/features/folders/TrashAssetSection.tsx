import { useState } from 'react';
import { Button, Checkbox, Group, Stack, Title } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { AssetTrashEntry } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify';
import { formatNumber } from '../../i18n/format';
import { useRestoreAssets } from './assetTrashApi';
import { TrashAssetRow } from './TrashAssetRow';
import classes from './Trash.module.css';

/** The removed files of the Trash, each restorable or deletable, and several restored at once. */
export function TrashAssetSection({ entries }: { entries: AssetTrashEntry[] }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const restore = useRestoreAssets();
  // Entries that left the list (restored, deleted, purged) leave the selection with it.
  const chosen = entries.filter((e) => picked.has(e.id)).map((e) => e.id);
  const all = chosen.length === entries.length;

  const toggle = (id: number) =>
    setPicked((p) => {
      const next = new Set(p);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const restoreChosen = () =>
    restore.mutate(chosen, {
      onSuccess: (r) => {
        setPicked(new Set());
        notifySuccess(
          t('trash.filesRestoredTitle'),
          t('trash.filesRestored', { count: r.changed, formatted: formatNumber(r.changed) }),
          'assets',
        );
      },
      onError: (e) => notifyError(e, 'assets'),
    });

  return (
    <Stack gap="xs" component="section" aria-labelledby="trash-files">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} fz="md" fw={600} id="trash-files">
          {t('trash.filesHeading')}
        </Title>
        <Group gap="sm" wrap="wrap">
          <Checkbox
            label={t('trash.selectAllFiles')}
            checked={all}
            indeterminate={chosen.length > 0 && !all}
            onChange={() => setPicked(all ? new Set() : new Set(entries.map((e) => e.id)))}
          />
          {chosen.length > 0 && (
            <Button
              size="xs"
              leftSection={<IconArrowBackUp size={14} />}
              loading={restore.isPending}
              onClick={restoreChosen}
            >
              {t('trash.restoreSelected', { count: chosen.length, formatted: formatNumber(chosen.length) })}
            </Button>
          )}
        </Group>
      </Group>
      <ul className={classes.list} aria-label={t('trash.filesListLabel')}>
        {entries.map((e) => (
          <TrashAssetRow key={e.id} entry={e} picked={picked.has(e.id)} onPick={() => toggle(e.id)} />
        ))}
      </ul>
    </Stack>
  );
}

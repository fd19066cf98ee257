import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { BULK_UNDO_MINUTES } from '@brandvault/contract';
import type { BulkEdit } from '@brandvault/contract';
import i18n from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { notifyError, notifyInfo, toastBase } from '../../lib/notify';
import { undoBulkEdit } from './api';

/**
 * "N assets changed" with an Undo button that stays as long as the edit may be undone (ten
 * minutes), so the change can be taken back without finding it again.
 */
export function notifyBulkApplied(edit: BulkEdit) {
  const t = i18n.t.bind(i18n);
  const left = edit.undo_until ? Date.parse(edit.undo_until) - Date.now() : 0;
  const id = notifications.show({
    ...toastBase(),
    title: t('metadataBulk.toast.applied'),
    color: 'teal',
    autoClose: Math.max(4000, Math.min(left, BULK_UNDO_MINUTES * 60_000)),
    message: (
      <>
        <Text size="sm" c="dimmed">
          {t('metadataBulk.toast.changed', { count: edit.changed, formatted: formatNumber(edit.changed) })}
        </Text>
        {edit.abilities.undo && (
          <Group gap="xs" mt={6}>
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => {
                notifications.hide(id);
                undoBulkEdit(edit.id).then(
                  () => notifyInfo(t('metadataBulk.toast.undoing'), t('metadataBulk.toast.undoingText')),
                  (e: unknown) => notifyError(e),
                );
              }}
            >
              {t('metadataBulk.undo')}
            </Button>
          </Group>
        )}
      </>
    ),
  });
}

import { Badge, Button, Group } from '@mantine/core';
import { IconArrowBackUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './Trash.module.css';

/** The days a Trash entry has left, its Restore button and (when allowed) Delete forever. */
export function TrashRowActions({
  name,
  left,
  busy,
  restoring,
  purging,
  onRestore,
  onPurge,
}: {
  name: string;
  left: number;
  busy: boolean;
  restoring: boolean;
  purging: boolean;
  onRestore: () => void;
  /** Absent when the caller may not delete forever. */
  onPurge?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Badge variant="light" color={left <= 3 ? 'red' : 'gray'} className={classes.badge}>
        {left === 0 ? t('trash.lastDay') : t('trash.daysLeft', { count: left })}
      </Badge>
      <Group gap="xs" className={classes.actions} wrap="nowrap">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconArrowBackUp size={14} />}
          loading={restoring}
          disabled={busy}
          onClick={onRestore}
          aria-label={`${t('trash.restore')} ${name}`}
        >
          {t('trash.restore')}
        </Button>
        {onPurge && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            loading={purging}
            disabled={busy}
            onClick={onPurge}
            aria-label={`${t('trash.purge')} ${name}`}
          >
            {t('trash.purge')}
          </Button>
        )}
      </Group>
    </>
  );
}

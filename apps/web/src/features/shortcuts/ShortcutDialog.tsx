import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SHORTCUT_DIALOG, SHORTCUT_NAME_MAX, ShortcutBody } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, validateWith } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCreateShortcut, useUpdateShortcut } from './api';
import { useShortcutDialog } from './shortcutDialogStore';
import type { ShortcutTarget } from './shortcutDialogStore';
import classes from './ShortcutDialog.module.css';

/**
 * The shortcut dialog (spec §2, §4): title "edit", one name field; edit mode when the target's
 * existing shortcut name is passed, create otherwise. Save waits for a name (§5).
 */
export function ShortcutDialog({ target, onClose }: { target: ShortcutTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={t('shortcuts.dialogTitle')}
      size="auto"
      zIndex={SHORTCUT_DIALOG.zIndex}
      classNames={{ content: classes.content }}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {target && <ShortcutForm key={`${target.kind}-${target.id}`} target={target} onDone={onClose} />}
    </Modal>
  );
}

/** The shell's one dialog, opened from any asset or folder menu. */
export function ShortcutDialogHost() {
  const target = useShortcutDialog((s) => s.target);
  const close = useShortcutDialog((s) => s.close);
  return <ShortcutDialog target={target} onClose={close} />;
}

function ShortcutForm({ target, onDone }: { target: ShortcutTarget; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateShortcut();
  const update = useUpdateShortcut();
  const editing = target.name !== undefined;
  const form = useForm({
    initialValues: { name: target.name ?? '' },
    validate: (v) => validateWith(ShortcutBody, { name: v.name }),
  });
  const toastKind = target.kind === 'asset' ? 'assets' : 'folders';

  const submit = form.onSubmit(({ name }) => {
    const call = { target: { kind: target.kind, id: target.id }, name: name.trim() };
    if (editing) {
      update.mutate(call, {
        onSuccess: ({ shortcut }) => {
          notifySuccess(t('shortcuts.updatedTitle'), t('shortcuts.updated', { name: shortcut.name }), toastKind);
          onDone();
        },
        // Spec §8: an update failure is only logged (field messages still show under the field).
        onError: (error) => {
          if (!applyFieldErrors(form, error)) console.error('Shortcut update failed', error);
        },
      });
    } else {
      create.mutate(call, {
        onSuccess: ({ shortcut }) => {
          notifySuccess(t('shortcuts.createdTitle'), t('shortcuts.created', { name: shortcut.name }), toastKind);
          onDone();
        },
        onError: (error) => {
          if (!applyFieldErrors(form, error)) notifyError(error, toastKind);
        },
      });
    }
  });

  const empty = form.values.name.trim() === '';
  return (
    <form onSubmit={submit} noValidate data-mode={editing ? 'edit' : 'create'}>
      <Stack gap="md">
        <TextInput
          label={t('shortcuts.name')}
          name="name"
          required
          data-autofocus
          placeholder={target.label}
          maxLength={SHORTCUT_NAME_MAX + 50}
          description={t(editing ? 'shortcuts.editHint' : 'shortcuts.createHint', { name: target.label })}
          {...form.getInputProps('name')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={empty} loading={create.isPending || update.isPending}>
            {t('shortcuts.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CommentEditBody } from '@brandvault/contract';
import type { Comment } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, validateWith } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { COMMENT_TOAST as TOAST, useEditComment } from './api';
import { MentionTextarea } from './MentionTextarea';

/** Editing a comment's text in place. */
export function CommentEditForm({
  assetId,
  comment,
  onDone,
}: {
  assetId: number;
  comment: Comment;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const edit = useEditComment(assetId);
  const form = useForm({
    initialValues: { body: comment.body },
    validate: (v) => validateWith(CommentEditBody, { body: v.body }),
  });
  const submit = () => {
    if (form.validate().hasErrors) return;
    edit.mutate(
      { id: comment.id, body: form.values.body.trim() },
      {
        onSuccess: () => {
          notifySuccess(t('comments.updatedTitle'), t('comments.updated'), TOAST);
          onDone();
        },
        onError: (e) => {
          if (!applyFieldErrors(form, e)) notifyError(e, TOAST);
        },
      },
    );
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap={6}>
        <MentionTextarea
          assetId={assetId}
          label={t('comments.editLabel')}
          value={form.values.body}
          onChange={(v) => form.setFieldValue('body', v)}
          onSubmit={submit}
          error={form.errors.body as string | undefined}
          autoFocus
        />
        <Group gap="xs" justify="flex-end">
          <Button size="compact-sm" variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button size="compact-sm" type="submit" loading={edit.isPending}>
            {t('comments.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

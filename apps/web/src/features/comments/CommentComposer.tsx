import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CommentEditBody } from '@brandvault/contract';
import type { CommentAddBody } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, validateWith } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { AnnotationTools } from './AnnotationTools';
import { COMMENT_TOAST as TOAST, useAddComment } from './api';
import { MentionTextarea } from './MentionTextarea';
import { NotifyPicker } from './NotifyPicker';
import type { Person } from './NotifyPicker';
import { useReview } from './review';
import classes from './Comments.module.css';

interface ComposerProps {
  assetId: number;
  currentVersion: number | null;
  /** Writing a reply to this thread. */
  parentId?: number;
  autoFocus?: boolean;
  onDone?: () => void;
}

/** A new comment (with an annotation and people to notify) or, given `parentId`, a reply. */
export function CommentComposer({ assetId, currentVersion, parentId, autoFocus, onDone }: ComposerProps) {
  const { t } = useTranslation();
  const review = useReview();
  const add = useAddComment(assetId);
  const [notify, setNotify] = useState<Person[]>([]);
  const form = useForm({
    initialValues: { body: '' },
    validate: (v) => validateWith(CommentEditBody, { body: v.body }),
  });
  const reply = parentId !== undefined;
  const annotation = !reply ? (review?.draft ?? null) : null;

  const submit = () => {
    if (add.isPending || form.validate().hasErrors) return;
    const body: CommentAddBody = {
      body: form.values.body.trim(),
      ...(reply ? { parent_id: parentId } : {}),
      ...(annotation ? { annotation } : {}),
      ...(currentVersion !== null ? { version: currentVersion } : {}),
      notify_user_ids: notify.map((p) => p.id),
    };
    add.mutate(body, {
      onSuccess: ({ comment }) => {
        notifySuccess(
          reply ? t('comments.repliedTitle') : t('comments.addedTitle'),
          reply ? t('comments.replied') : t('comments.added'),
          TOAST,
        );
        form.reset();
        setNotify([]);
        if (!reply) {
          review?.setDraft(null);
          review?.setTool(null);
        }
        review?.select(null);
        onDone?.();
        // The new comment, once listed, is where the eye goes.
        requestAnimationFrame(() =>
          document.getElementById(`comment-${comment.id}`)?.scrollIntoView?.({ block: 'nearest' }),
        );
      },
      onError: (e) => {
        if (!applyFieldErrors(form, e)) notifyError(e, TOAST);
      },
    });
  };
  const errors = form.errors as Record<string, string | undefined>;
  const annotationError = Object.entries(errors).find(([k]) => k.startsWith('annotation') || k === 'version')?.[1];

  return (
    <form
      noValidate
      className={reply ? undefined : classes.composer}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap={8}>
        <MentionTextarea
          assetId={assetId}
          label={reply ? t('comments.replyLabel') : t('comments.composerLabel')}
          placeholder={t('comments.placeholder')}
          value={form.values.body}
          onChange={(v) => {
            form.setFieldValue('body', v);
            if (form.errors.body) form.clearFieldError('body');
          }}
          onSubmit={submit}
          error={errors.body}
          autoFocus={autoFocus}
        />
        {!reply && <AnnotationTools />}
        {annotationError && (
          <Text size="xs" c="red" role="alert">
            {annotationError}
          </Text>
        )}
        {!reply && (
          <NotifyPicker assetId={assetId} value={notify} onChange={setNotify} error={errors.notify_user_ids} />
        )}
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text size="xs" c="dimmed" className={classes.keysHint}>
            {t('comments.submitHint')}
          </Text>
          <Group gap="xs" wrap="nowrap">
            {reply && (
              <Button size="compact-sm" variant="default" onClick={onDone}>
                {t('common.cancel')}
              </Button>
            )}
            <Button size="compact-sm" type="submit" loading={add.isPending} disabled={form.values.body.trim() === ''}>
              {reply ? t('comments.postReply') : t('comments.post')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

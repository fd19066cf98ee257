import { useEffect, useId, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  MultiSelect,
  Skeleton,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconCheck,
  IconCircleCheck,
  IconClock,
  IconEye,
  IconEyeOff,
  IconMapPin,
  IconMessageCircle,
  IconPencil,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { COMMENT_NOTIFY_MAX, CommentEditBody } from '@brandvault/contract';
import type { Annotation, Comment, CommentAddBody, CommentThread } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../app/confirm/confirmStore';
import { applyFieldErrors, validateWith } from '../../app/forms';
import { notifyError, notifySuccess } from '../../app/notify';
import { errorTexts } from '../../api/errors';
import { currentLang } from '../../i18n';
import { formatDateTime } from '../../i18n/format';
import { useCan } from '../../state/access';
import { useAddComment, useComments, useDeleteComment, useEditComment, useMentionable, useResolveComment } from './api';
import { AnnotationTools } from './AnnotationTools';
import { CommentBody } from './CommentBody';
import { timeCode } from './markup';
import { MentionTextarea } from './MentionTextarea';
import { useReview } from './review';
import { formatRelative } from './time';
import classes from './Comments.module.css';

const TOAST = 'assets' as const;

interface PanelProps {
  assetId: number;
  /** The asset's current version: comments about another one say so. */
  currentVersion: number | null;
}

/**
 * An asset's comments: the threads oldest first with their replies, whether the review is done,
 * and (for those who may write) a composer with mentions, people to notify and annotations.
 */
export function CommentsPanel({ assetId, currentVersion }: PanelProps) {
  const { t } = useTranslation();
  const review = useReview();
  const list = useComments(assetId);
  const can = useCan();
  const canWrite = can.permission('comment.create') && !!list.data?.can_comment;
  const active = review?.active ?? null;
  const loaded = !!list.data;

  // A picked marker or a notification's link brings its comment into view.
  useEffect(() => {
    if (active === null || !loaded) return;
    document.getElementById(`comment-${active}`)?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [active, loaded]);

  if (list.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('comments.loading')} className={classes.panel}>
        {[0, 1, 2].map((i) => (
          <Stack key={i} gap={6}>
            <Skeleton height={12} width="40%" />
            <Skeleton height={10} width="90%" />
            <Skeleton height={10} width="70%" />
          </Stack>
        ))}
      </Stack>
    );
  }
  if (list.isError) {
    const { title, message } = errorTexts(list.error, currentLang());
    return (
      <Alert color="red" variant="light" title={title} className={classes.panel}>
        <Text size="sm" mb="xs">
          {message}
        </Text>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconRefresh size={14} />}
          onClick={() => void list.refetch()}
        >
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }

  const { items: threads, open_threads: open } = list.data;
  const annotated = threads.some((th) => th.annotation || th.replies.some((r) => r.annotation));
  return (
    <Stack gap="md" className={classes.panel}>
      {threads.length > 0 && (
        <Group justify="space-between" gap="xs" wrap="wrap">
          {open > 0 ? (
            <Text size="sm" fw={600} role="status">
              {t('comments.openThreads', { count: open })}
            </Text>
          ) : (
            <Group gap={6} role="status">
              <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" aria-hidden />
              <Text size="sm" fw={600} c="teal.7">
                {t('comments.reviewDone')}
              </Text>
            </Group>
          )}
          {review && review.mode !== 'none' && annotated && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              aria-pressed={review.hidden}
              leftSection={review.hidden ? <IconEye size={14} /> : <IconEyeOff size={14} />}
              onClick={() => review.setHidden(!review.hidden)}
            >
              {review.hidden ? t('comments.showMarkers') : t('comments.hideMarkers')}
            </Button>
          )}
        </Group>
      )}
      {threads.length === 0 ? (
        <Stack align="center" gap={4} py="lg" className={classes.empty}>
          <IconMessageCircle size={28} stroke={1.5} aria-hidden />
          <Text size="sm" fw={600}>
            {t('comments.emptyTitle')}
          </Text>
          <Text size="sm" c="dimmed" ta="center">
            {canWrite ? t('comments.emptyWrite') : t('comments.emptyRead')}
          </Text>
        </Stack>
      ) : (
        <ol className={classes.threads} aria-label={t('comments.threads')}>
          {threads.map((th, i) => (
            <li key={th.id}>
              <Thread
                assetId={assetId}
                thread={th}
                number={i + 1}
                canWrite={canWrite}
                currentVersion={currentVersion}
              />
            </li>
          ))}
        </ol>
      )}
      {canWrite ? (
        <Composer assetId={assetId} currentVersion={currentVersion} />
      ) : (
        <Text size="xs" c="dimmed">
          {t('comments.readOnly')}
        </Text>
      )}
    </Stack>
  );
}

interface ThreadProps {
  assetId: number;
  thread: CommentThread;
  number: number;
  canWrite: boolean;
  currentVersion: number | null;
}

function Thread({ assetId, thread, number, canWrite, currentVersion }: ThreadProps) {
  const { t } = useTranslation();
  const review = useReview();
  const [replying, setReplying] = useState(false);
  const resolved = thread.resolved_at !== null;
  return (
    <div
      className={classes.thread}
      data-resolved={resolved || undefined}
      onMouseEnter={() => review?.setHovered(thread.id)}
      onMouseLeave={() => review?.setHovered(null)}
    >
      <CommentItem
        assetId={assetId}
        comment={thread}
        thread={thread}
        number={number}
        canWrite={canWrite}
        currentVersion={currentVersion}
        onReply={() => setReplying(true)}
      />
      {resolved && (
        <Text size="xs" c="teal.8" className={classes.resolvedNote}>
          <IconCheck size={12} aria-hidden />{' '}
          {thread.resolved_by
            ? t('comments.resolvedBy', { name: thread.resolved_by.name, time: formatRelative(thread.resolved_at!) })
            : t('comments.resolved')}
        </Text>
      )}
      {thread.replies.length > 0 && (
        <ol className={classes.replies} aria-label={t('comments.replies', { count: thread.replies.length })}>
          {thread.replies.map((r) => (
            <li key={r.id}>
              <CommentItem
                assetId={assetId}
                comment={r}
                thread={thread}
                canWrite={canWrite}
                currentVersion={currentVersion}
                onReply={() => setReplying(true)}
              />
            </li>
          ))}
        </ol>
      )}
      {replying && (
        <div className={classes.replies}>
          <Composer
            assetId={assetId}
            currentVersion={currentVersion}
            parentId={thread.id}
            autoFocus
            onDone={() => setReplying(false)}
          />
        </div>
      )}
    </div>
  );
}

interface ItemProps {
  assetId: number;
  comment: Comment;
  thread: CommentThread;
  /** A thread's number (its markers'); absent for replies. */
  number?: number;
  canWrite: boolean;
  currentVersion: number | null;
  onReply: () => void;
}

function CommentItem({ assetId, comment, thread, number, canWrite, currentVersion, onReply }: ItemProps) {
  const { t } = useTranslation();
  const review = useReview();
  const [editing, setEditing] = useState(false);
  const remove = useDeleteComment(assetId);
  const resolve = useResolveComment(assetId);
  const headId = useId();
  const isThread = comment.id === thread.id;
  const resolved = thread.resolved_at !== null;
  const lit =
    review !== null &&
    (review.active === comment.id || (isThread && review.hovered === thread.id) || review.hovered === comment.id);
  const a = comment.abilities;
  const author = comment.author?.name ?? t('comments.formerUser');

  const onDelete = async () => {
    const ok = await confirm({
      title: t('comments.deleteTitle'),
      message: isThread && thread.replies.length > 0 ? t('comments.deleteThreadConfirm') : t('comments.deleteConfirm'),
      confirmLabel: t('comments.delete'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (!ok) return;
    remove.mutate(comment.id, {
      onSuccess: () => {
        if (review?.active === comment.id) review.select(null);
        notifySuccess(t('comments.deletedTitle'), t('comments.deleted'), TOAST);
      },
      onError: (e) => notifyError(e, TOAST),
    });
  };
  const onResolve = () =>
    resolve.mutate(
      { id: thread.id, resolved: !resolved },
      {
        onSuccess: () =>
          resolved
            ? notifySuccess(t('comments.reopenedTitle'), t('comments.reopened'), TOAST)
            : notifySuccess(t('comments.resolvedTitle'), t('comments.resolvedToast'), TOAST),
        onError: (e) => notifyError(e, TOAST),
      },
    );

  return (
    <article
      id={`comment-${comment.id}`}
      className={`${classes.comment} ${lit ? classes.highlighted : ''}`}
      data-highlighted={lit || undefined}
      aria-current={lit || undefined}
      aria-labelledby={headId}
      onMouseEnter={() => !isThread && comment.annotation && review?.setHovered(comment.id)}
      onMouseLeave={() => !isThread && comment.annotation && review?.setHovered(thread.id)}
    >
      <Group gap={6} wrap="wrap" className={classes.head}>
        {number !== undefined && (
          <span className={classes.number} aria-hidden>
            {number}
          </span>
        )}
        <Text size="sm" fw={600} id={headId} className={classes.author}>
          {author}
        </Text>
        <Tooltip label={formatDateTime(comment.created_at)} zIndex={1300}>
          <Text size="xs" c="dimmed" component="time" dateTime={comment.created_at}>
            {formatRelative(comment.created_at)}
          </Text>
        </Tooltip>
        {comment.edited_at && (
          <Text size="xs" c="dimmed" title={formatDateTime(comment.edited_at)}>
            · {t('comments.edited')}
          </Text>
        )}
        {currentVersion !== null && comment.version !== currentVersion && (
          <Badge size="xs" variant="light" color="gray" radius="sm" tt="none">
            {t('comments.onVersion', { number: comment.version })}
          </Badge>
        )}
      </Group>
      {comment.annotation && (
        <AnnotationChip comment={comment} label={number !== undefined ? `${number}` : undefined} />
      )}
      {editing ? (
        <EditForm assetId={assetId} comment={comment} onDone={() => setEditing(false)} />
      ) : (
        <CommentBody body={comment.body} />
      )}
      {!editing && (
        <Group gap={2} className={classes.actions}>
          {isThread && canWrite && a.reply && (
            <Button size="compact-xs" variant="subtle" color="gray" onClick={onReply}>
              {t('comments.reply')}
            </Button>
          )}
          {isThread && canWrite && a.resolve && (
            <Button
              size="compact-xs"
              variant="subtle"
              color={resolved ? 'gray' : 'teal'}
              loading={resolve.isPending}
              onClick={onResolve}
            >
              {resolved ? t('comments.reopen') : t('comments.resolve')}
            </Button>
          )}
          {a.edit && (
            <Tooltip label={t('comments.edit')} zIndex={1300}>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="gray"
                aria-label={t('comments.edit')}
                onClick={() => setEditing(true)}
              >
                <IconPencil size={14} />
              </ActionIcon>
            </Tooltip>
          )}
          {a.remove && (
            <Tooltip label={t('comments.delete')} zIndex={1300}>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="red"
                aria-label={t('comments.delete')}
                loading={remove.isPending}
                onClick={() => void onDelete()}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      )}
    </article>
  );
}

/** What a comment points at; a button that shows the marker, or plays from the time code. */
function AnnotationChip({ comment, label }: { comment: Comment; label?: string }) {
  const { t } = useTranslation();
  const review = useReview();
  const a = comment.annotation as Annotation;
  if (a.kind === 'time') {
    const time = timeCode(a.t);
    return (
      <UnstyledButton
        className={classes.chip}
        aria-label={t('comments.seek', { time })}
        disabled={!review || (review.mode !== 'video' && review.mode !== 'audio')}
        onClick={() => {
          review?.seek(a.t);
          review?.select(comment.id);
        }}
      >
        <IconClock size={12} aria-hidden /> {time}
      </UnstyledButton>
    );
  }
  const shape = a.kind === 'point' ? t('comments.shapePoint') : t('comments.shapeRect');
  return (
    <UnstyledButton
      className={classes.chip}
      aria-label={t('comments.showAnnotation', { shape })}
      disabled={!review || review.mode === 'none'}
      onClick={() => {
        review?.setHidden(false);
        review?.select(comment.id);
      }}
    >
      <IconMapPin size={12} aria-hidden /> {label ? `${shape} ${label}` : shape}
      {a.page && a.page > 1 ? ` · ${t('comments.page', { number: a.page })}` : ''}
    </UnstyledButton>
  );
}

function EditForm({ assetId, comment, onDone }: { assetId: number; comment: Comment; onDone: () => void }) {
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

interface Person {
  id: number;
  name: string;
}

/** Spec §3 "users to notify": people who can see the asset, searched on the server. */
function NotifyPicker({
  assetId,
  value,
  onChange,
  error,
}: {
  assetId: number;
  value: Person[];
  onChange: (people: Person[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [q] = useDebouncedValue(search.trim(), 200);
  const people = useMentionable(assetId, q, opened);
  const found = people.data?.items ?? [];
  const data = [
    ...value.map((p) => ({ value: String(p.id), label: p.name })),
    ...found.filter((p) => !value.some((v) => v.id === p.id)).map((p) => ({ value: String(p.id), label: p.name })),
  ];
  return (
    <MultiSelect
      label={t('comments.notify')}
      placeholder={value.length === 0 ? t('comments.notifyPlaceholder') : undefined}
      data={data}
      value={value.map((p) => String(p.id))}
      onChange={(ids) =>
        onChange(
          ids
            .map((id) => value.find((p) => String(p.id) === id) ?? found.find((p) => String(p.id) === id))
            .filter((p): p is Person => !!p)
            .map(({ id, name }) => ({ id, name })),
        )
      }
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has searched already.
      filter={({ options }) => options}
      hidePickedOptions
      maxValues={COMMENT_NOTIFY_MAX}
      nothingFoundMessage={people.isFetching ? t('comments.searchingPeople') : t('comments.nobody')}
      onDropdownOpen={() => setOpened(true)}
      comboboxProps={{ withinPortal: true, zIndex: 1300 }}
      error={error}
      size="xs"
    />
  );
}

interface ComposerProps {
  assetId: number;
  currentVersion: number | null;
  /** Writing a reply to this thread. */
  parentId?: number;
  autoFocus?: boolean;
  onDone?: () => void;
}

function Composer({ assetId, currentVersion, parentId, autoFocus, onDone }: ComposerProps) {
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

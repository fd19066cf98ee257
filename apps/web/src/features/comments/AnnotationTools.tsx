import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconClock, IconCurrentLocation, IconSquare, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { timeCode } from './markup';
import { useReview } from './review';
import type { ReviewValue, Tool } from './review';

/** Keys typed in these keep their own meaning. */
function ownsKeys(target: EventTarget | null) {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT', 'VIDEO', 'AUDIO'].includes(target.tagName))
  );
}

const round = (t: number) => Math.round(t * 100) / 100;

function toggleTime(r: ReviewValue) {
  if (r.draft?.kind === 'time') r.setDraft(null);
  else r.setDraft({ kind: 'time', t: round(r.media.current?.currentTime ?? 0) });
}

/**
 * The tools that attach an annotation to the comment being written: a point or a rectangle on a
 * picture (P, B), a time code on video and audio (T) with an optional rectangle on video. Escape
 * puts a tool down.
 */
export function AnnotationTools() {
  const { t } = useTranslation();
  const review = useReview();
  const latest = useRef(review);
  latest.current = review;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const r = latest.current;
      if (!r || !r.drawable) return;
      // Escape puts the tool down wherever the focus is (the viewer stays open meanwhile).
      if (e.key === 'Escape' && r.tool) {
        e.preventDefault();
        r.setTool(null);
        return;
      }
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      if (ownsKeys(e.target)) return;
      const key = e.key.toLowerCase();
      const pick = (tool: Tool) => {
        e.preventDefault();
        r.setTool(r.tool === tool ? null : tool);
      };
      if (key === 'p' && r.mode === 'picture') pick('point');
      else if (key === 'b' && (r.mode === 'picture' || r.mode === 'video')) pick('rect');
      else if (key === 't' && (r.mode === 'video' || r.mode === 'audio')) {
        e.preventDefault();
        toggleTime(r);
      }
    };
    // Captured: a focused tooltip's trigger swallows Escape before it could bubble here.
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      // A tool left in hand without its buttons would keep Escape from closing the viewer.
      latest.current?.setTool(null);
    };
  }, []);

  if (!review || !review.drawable || review.mode === 'none') return null;
  const { mode, tool, draft } = review;
  const toolButton = (which: Tool, label: string, shortcut: string, icon: ReactNode) => (
    <Tooltip label={`${label} (${shortcut})`} zIndex={1300}>
      <ActionIcon
        variant={tool === which ? 'filled' : 'default'}
        size="md"
        aria-label={label}
        aria-pressed={tool === which}
        aria-keyshortcuts={shortcut}
        onClick={() => review.setTool(tool === which ? null : which)}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  const attached =
    draft?.kind === 'point'
      ? t('comments.attachedPoint')
      : draft?.kind === 'rect'
        ? t('comments.attachedRect')
        : draft?.kind === 'time'
          ? draft.rect
            ? t('comments.attachedTimeRect', { time: timeCode(draft.t) })
            : t('comments.attachedTime', { time: timeCode(draft.t) })
          : null;

  return (
    <Group gap={6} wrap="wrap">
      {mode === 'picture' && toolButton('point', t('comments.toolPoint'), 'P', <IconCurrentLocation size={16} />)}
      {(mode === 'video' || mode === 'audio') && (
        <Tooltip label={`${t('comments.toolTime')} (T)`} zIndex={1300}>
          <ActionIcon
            variant={draft?.kind === 'time' ? 'filled' : 'default'}
            size="md"
            aria-label={t('comments.toolTime')}
            aria-pressed={draft?.kind === 'time'}
            aria-keyshortcuts="T"
            onClick={() => toggleTime(review)}
          >
            <IconClock size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {(mode === 'picture' || mode === 'video') &&
        toolButton('rect', t('comments.toolRect'), 'B', <IconSquare size={16} />)}
      {tool && (
        <Text size="xs" c="dimmed" aria-live="polite">
          {t(tool === 'point' ? 'comments.hintPoint' : 'comments.hintRect')}
        </Text>
      )}
      {!tool && attached && (
        <Badge
          variant="light"
          size="lg"
          radius="sm"
          tt="none"
          rightSection={
            <ActionIcon
              size="xs"
              variant="transparent"
              aria-label={t('comments.removeAnnotation')}
              onClick={() => review.setDraft(null)}
            >
              <IconX size={12} />
            </ActionIcon>
          }
        >
          {attached}
        </Badge>
      )}
    </Group>
  );
}

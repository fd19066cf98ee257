import { ActionIcon, Badge, Box, Button, Group, Menu, NavLink, Stack, Text } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconCornerDownRight,
  IconDots,
  IconFilePlus,
  IconFolderPlus,
} from '@tabler/icons-react';
import type { GuidelineNode } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLang } from '../../i18n';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useMoveGuideline } from './api';
import { GUIDELINES_PATH } from './GuidelinesNav';

/** A node's title in the reader's language (the Spanish one when the page has it). */
export const titleOf = (n: Pick<GuidelineNode, 'title' | 'title_es'>) =>
  currentLang() === 'es' && n.title_es ? n.title_es : n.title;

interface Props {
  items: GuidelineNode[];
  currentId: number | undefined;
  manage: boolean;
  onCreate: (kind: 'chapter' | 'page', chapterId: number | null) => void;
}

/** The guidelines' chapters and pages, in order; editors also add and reorder them here. */
export function GuidelineTree({ items, currentId, manage, onCreate }: Props) {
  const { t } = useTranslation();
  const move = useMoveGuideline();
  const children = (parent: number | null) => items.filter((n) => n.parent_id === parent);
  const shift = (n: GuidelineNode, by: number) =>
    move.mutate(
      { id: n.id, chapter_id: n.parent_id, position: Math.max(0, n.position + by) },
      { onError: (e) => notifyError(e) },
    );

  // A node cannot go into itself or anything under it: those chapters are not offered.
  const under = (n: GuidelineNode): Set<number> => {
    const out = new Set([n.id]);
    const walk = (id: number) =>
      items.filter((x) => x.parent_id === id && !out.has(x.id)).forEach((x) => (out.add(x.id), walk(x.id)));
    walk(n.id);
    return out;
  };
  const moveTo = (n: GuidelineNode, chapter: GuidelineNode | null) =>
    move.mutate(
      { id: n.id, chapter_id: chapter?.id ?? null, position: 10_000 },
      {
        onSuccess: () =>
          notifySuccess(
            t('guidelines.movedTitle'),
            t('guidelines.moved', { name: titleOf(n), place: chapter ? titleOf(chapter) : t('guidelines.topLevel') }),
          ),
        onError: (e) => notifyError(e),
      },
    );
  const moveMenu = (n: GuidelineNode) => {
    const blocked = under(n);
    const targets = items.filter((c) => c.kind === 'chapter' && !blocked.has(c.id) && c.id !== n.parent_id);
    if (!targets.length && n.parent_id === null) return null;
    return (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            size="sm"
            color="gray"
            aria-label={t('guidelines.moreNamed', { name: titleOf(n) })}
          >
            <IconDots size={14} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('guidelines.moveTo')}</Menu.Label>
          {n.parent_id !== null && (
            <Menu.Item leftSection={<IconCornerDownRight size={14} />} onClick={() => moveTo(n, null)}>
              {t('guidelines.topLevel')}
            </Menu.Item>
          )}
          {targets.map((c) => (
            <Menu.Item key={c.id} leftSection={<IconCornerDownRight size={14} />} onClick={() => moveTo(n, c)}>
              {titleOf(c)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    );
  };

  const render = (parent: number | null, depth: number) =>
    children(parent).map((n, i, siblings) => (
      <Box key={n.id}>
        <Group gap={2} wrap="nowrap">
          <NavLink
            component={Link}
            to={`${GUIDELINES_PATH}/${n.id}`}
            active={n.id === currentId}
            label={titleOf(n)}
            fw={n.kind === 'chapter' ? 600 : undefined}
            pl={8 + depth * 14}
            rightSection={
              manage && n.status === 'draft' ? (
                <Badge size="xs" variant="light" color="gray">
                  {t('guidelines.draft')}
                </Badge>
              ) : undefined
            }
            style={{ flex: 1, minWidth: 0 }}
          />
          {manage && (
            <>
              <ActionIcon
                variant="subtle"
                size="sm"
                color="gray"
                disabled={i === 0}
                aria-label={t('guidelines.moveUpNamed', { name: titleOf(n) })}
                onClick={() => shift(n, -1)}
              >
                <IconArrowUp size={14} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                size="sm"
                color="gray"
                disabled={i === siblings.length - 1}
                aria-label={t('guidelines.moveDownNamed', { name: titleOf(n) })}
                onClick={() => shift(n, 1)}
              >
                <IconArrowDown size={14} />
              </ActionIcon>
              {moveMenu(n)}
            </>
          )}
        </Group>
        {n.kind === 'chapter' && (
          <>
            {render(n.id, depth + 1)}
            {manage && (
              <Button
                variant="subtle"
                size="compact-xs"
                ml={8 + (depth + 1) * 14}
                leftSection={<IconFilePlus size={12} />}
                onClick={() => onCreate('page', n.id)}
              >
                {t('guidelines.addPageTo', { name: titleOf(n) })}
              </Button>
            )}
          </>
        )}
      </Box>
    ));

  return (
    <Stack gap={2} component="nav" aria-label={t('guidelines.treeLabel')}>
      {items.length === 0 && (
        <Text size="sm" c="dimmed" p="xs">
          {t('guidelines.treeEmpty')}
        </Text>
      )}
      {render(null, 0)}
      {manage && (
        <Group gap="xs" mt="sm">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconFolderPlus size={14} />}
            onClick={() => onCreate('chapter', null)}
          >
            {t('guidelines.newChapter')}
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconFilePlus size={14} />}
            onClick={() => onCreate('page', null)}
          >
            {t('guidelines.newPage')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

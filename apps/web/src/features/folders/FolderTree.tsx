import { useState } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconFolder, IconFolderOpen, IconLock } from '@tabler/icons-react';
import type { FolderNode } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ShortcutButton } from '../shortcuts/ShortcutButton';
import { pathTo } from './api';
import classes from './Folders.module.css';

interface Props {
  root: FolderNode;
  currentId: number;
  rootLabel: string;
}

/**
 * The brand's folders as an ARIA tree: links open a folder, chevrons expand or collapse; the path
 * to the current folder starts open.
 */
export function FolderTree({ root, currentId, rootLabel }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Set<number>>(() => new Set([root.id]));
  // Keep the branch of the current folder visible when it changes (navigation, back/forward).
  const [openedFor, setOpenedFor] = useState<number | null>(null);
  if (openedFor !== currentId) {
    setOpenedFor(currentId);
    const path = pathTo(root, currentId);
    if (path.some((id) => !open.has(id))) setOpen(new Set([...open, ...path]));
  }
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <ul role="tree" aria-label={t('folders.treeLabel')} className={classes.tree}>
      <TreeNode node={root} depth={0} label={rootLabel} open={open} toggle={toggle} currentId={currentId} />
    </ul>
  );
}

function TreeNode({
  node,
  depth,
  label,
  open,
  toggle,
  currentId,
}: {
  node: FolderNode;
  depth: number;
  label?: string;
  open: Set<number>;
  toggle: (id: number) => void;
  currentId: number;
}) {
  const { t } = useTranslation();
  const hasChildren = node.children.length > 0;
  const expanded = open.has(node.id);
  const current = node.id === currentId;
  const name = label ?? node.name;
  return (
    <li
      role="treeitem"
      aria-expanded={hasChildren ? expanded : undefined}
      aria-selected={current}
      aria-level={depth + 1}
    >
      <div className={classes.treeRow} data-current={current || undefined} style={{ paddingLeft: depth * 14 }}>
        {hasChildren ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size={22}
            aria-label={expanded ? t('folders.collapse', { name }) : t('folders.expand', { name })}
            onClick={() => toggle(node.id)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' && !expanded) toggle(node.id);
              if (e.key === 'ArrowLeft' && expanded) toggle(node.id);
            }}
          >
            {expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          </ActionIcon>
        ) : (
          <span className={classes.toggleSpacer} />
        )}
        <Link
          to={`/brand?folder=${node.id}`}
          className={classes.treeLink}
          aria-current={current ? 'page' : undefined}
          onKeyDown={(e) => {
            if (!hasChildren) return;
            if (e.key === 'ArrowRight' && !expanded) toggle(node.id);
            if (e.key === 'ArrowLeft' && expanded) toggle(node.id);
          }}
        >
          {current || expanded ? <IconFolderOpen size={16} stroke={1.6} /> : <IconFolder size={16} stroke={1.6} />}
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', flex: 1 }} title={name}>
            {name}
          </span>
          {node.visibility === 'PRIVATE' && <IconLock size={12} aria-label={t('visibility.PRIVATE')} />}
        </Link>
        {current && <ShortcutButton kind="folder" id={node.id} label={name} variant="icon" />}
      </div>
      {hasChildren && expanded && (
        <ul role="group" className={classes.tree}>
          {node.children.map((child) => (
            <TreeNode key={child.id} node={child} depth={depth + 1} open={open} toggle={toggle} currentId={currentId} />
          ))}
        </ul>
      )}
    </li>
  );
}

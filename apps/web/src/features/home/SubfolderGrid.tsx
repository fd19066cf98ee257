import { Skeleton, Text } from '@mantine/core';
import type { Folder } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../state/access';
import { FolderCard } from '../folders/FolderCard';
import type { useFolderActions } from '../folders/useFolderActions';
import classes from './BrandHome.module.css';

interface Props {
  /** The open folder; undefined while it loads (then placeholder cards). */
  data: Folder | undefined;
  actions: ReturnType<typeof useFolderActions>;
  onToCollection: (folder: { id: number; name: string }) => void;
}

/** The open folder's subfolders as cards, each with its rename, move, remove and collection actions. */
export function SubfolderGrid({ data, actions, onToCollection }: Props) {
  const { t } = useTranslation();
  const can = useCan();
  return (
    <section aria-label={t('folders.subfolders')}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb="xs">
        {t('folders.subfolders')}
      </Text>
      <div className={classes.folderGrid} aria-busy={!data || undefined}>
        {data
          ? data.children.map((child) => (
              <FolderCard
                key={child.id}
                folder={child}
                onRename={actions.openRename}
                onMove={actions.startMove}
                onRemove={(f) => void actions.askRemove(f)}
                onToCollection={can.permission('collection.view') ? onToCollection : undefined}
              />
            ))
          : Array.from({ length: 4 }, (_, i) => <Skeleton key={i} height={168} radius="md" />)}
      </div>
    </section>
  );
}

import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { ActionIcon, Box, Button, Group, NavLink, Paper, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  IconCloudUpload,
  IconFolderPlus,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconPhoto,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyBlock } from '../../app/components/EmptyBlock';
import { PageError } from '../../app/components/PageError';
import { usePageTitle } from '../../app/components/usePageTitle';
import { notifySuccess } from '../../app/notify';
import { useCan } from '../../state/access';
import { useSession } from '../../state/session';
import { PrivateBadge } from '../assets/PrivateBadge';
import { FolderToCollectionModal } from '../collections/FolderToCollectionModal';
import { subtreeIds, useFolder, useFolderTree } from '../folders/api';
import { CrumbTrail } from '../folders/CrumbTrail';
import { FolderCard } from '../folders/FolderCard';
import { FolderFormModal } from '../folders/FolderFormModal';
import { FolderPickerModal } from '../folders/FolderPickerModal';
import { FolderTree } from '../folders/FolderTree';
import { FolderTreeDrawer } from '../folders/FolderTreeDrawer';
import { useFolderActions } from '../folders/useFolderActions';
import { SEARCH_PARAMS } from '../search/searchState';
import { Searcher } from '../search/Searcher';
import { ShortcutButton } from '../shortcuts/ShortcutButton';
import { CropPresetsButton } from '../crop/CropPresetsButton';
import type { BrandSummary } from '@brandvault/contract';
import { BrandHero } from './BrandHero';
import { PageDrop } from '../assets/upload/PageDrop';
import { RecentlyAdded } from './RecentlyAdded';
import { WatermarkButton } from './WatermarkButton';
import classes from './BrandHome.module.css';

// Uppy and tus download only when a dialog opens.
const UploadDialog = lazy(() => import('../assets/upload/UploadDialog').then((m) => ({ default: m.UploadDialog })));

/** brand.home: folder tree, breadcrumbs, subfolders and the searcher over the folder's assets. */
export default function BrandHomePage() {
  const brand = useSession((s) => s.selectedBrand);
  if (!brand) return null;
  return <BrandHome brand={brand} />;
}

function readFolderParam(value: string | null): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * A link may open a folder of another of the user's brands (e.g. "already in Brand / Folder"
 * from the upload dialog): switch the selected brand so tree and folder agree, with the notice.
 */
function useFollowFolderBrand(folderBrandId: number | undefined, selectedId: number) {
  const { t } = useTranslation();
  const brands = useSession((s) => s.sessionUser?.brands);
  useEffect(() => {
    if (folderBrandId === undefined || folderBrandId === selectedId) return;
    const other = brands?.find((b) => b.id === folderBrandId);
    if (!other) return;
    useSession.getState().selectBrand(other);
    notifySuccess(t('brands.changedTitle'), t('brands.changed', { name: other.name }), 'assets');
  }, [folderBrandId, selectedId, brands, t]);
}

function BrandHome({ brand }: { brand: BrandSummary }) {
  const { id: brandId, name: brandName } = brand;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tree = useFolderTree(brandId);
  const currentId = readFolderParam(params.get('folder')) ?? tree.data?.root.id;
  const folder = useFolder(currentId);
  // Opening another folder starts at its top, as a new page would: the URL only changes its
  // query, so the browser keeps the scroll, and the virtual grid would draw rows far down.
  const shownId = useRef(currentId);
  useEffect(() => {
    if (shownId.current === currentId) return;
    shownId.current = currentId;
    window.scrollTo({ top: 0 });
  }, [currentId]);
  const [treeOpen, setTreeOpen] = useState(true);
  const [uploading, setUploading] = useState(false);
  const [dropped, setDropped] = useState<File[] | undefined>();
  const actions = useFolderActions();
  const can = useCan();
  const [converting, setConverting] = useState<{ id: number; name: string } | null>(null);
  const data = folder.data?.folder;
  useFollowFolderBrand(data?.brand_id, brandId);
  usePageTitle(data && !data.is_root ? data.name : brandName);

  const treeError = tree.error && !currentId;
  const treeBody =
    tree.data && currentId !== undefined ? (
      <>
        <FolderTree root={tree.data.root} currentId={currentId} rootLabel={brandName} />
        {can.permission('asset.manage') && (
          <NavLink
            component={Link}
            to="/brand/trash"
            label={t('trash.treeLink')}
            leftSection={<IconTrash size={16} stroke={1.6} />}
            mt="xs"
            className={classes.trashLink}
          />
        )}
      </>
    ) : tree.isError ? (
      <Text size="sm" c="dimmed">
        {t('folders.treeError')}
      </Text>
    ) : (
      <Stack gap={8} aria-busy="true">
        {Array.from({ length: 7 }, (_, i) => (
          <Skeleton key={i} height={18} width={`${85 - (i % 3) * 15}%`} ml={(i % 3) * 14} />
        ))}
      </Stack>
    );
  const abilities = data?.abilities;
  // The brand's top folder opens with its header; a search there hides "Recently added".
  const isRoot = data?.is_root ?? !params.get('folder');
  const searching = SEARCH_PARAMS.some((p) => p !== 'sort' && params.has(p));

  return (
    // data-tour: the tour's searcher steps wait for this page to be on screen.
    <Box className={classes.layout} data-tree-open={treeOpen || undefined} data-tour="brand-home">
      {treeOpen && (
        <Paper
          component="aside"
          className={classes.aside}
          withBorder
          visibleFrom="sm"
          aria-label={t('folders.treeTitle')}
          data-tour="left-sidebar"
        >
          <Group justify="space-between" mb="xs" wrap="nowrap">
            <Text size="xs" fw={700} tt="uppercase" c="dimmed">
              {t('folders.treeTitle')}
            </Text>
            <Tooltip label={t('folders.hideTree')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={t('folders.hideTree')}
                onClick={() => setTreeOpen(false)}
              >
                <IconLayoutSidebarLeftCollapse size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
          {treeBody}
        </Paper>
      )}

      <Box className={classes.content}>
        {treeError ? (
          <PageError error={tree.error} onRetry={() => void tree.refetch()} />
        ) : folder.isError ? (
          <Stack>
            <PageError error={folder.error} onRetry={() => void folder.refetch()} />
            {tree.data && (
              <Group justify="center">
                <Button variant="subtle" onClick={() => void navigate('/brand')}>
                  {t('folders.backToRoot')}
                </Button>
              </Group>
            )}
          </Stack>
        ) : (
          <>
            {isRoot && <BrandHero brand={brand} />}
            <Group justify="space-between" align="flex-end" mb="lg" gap="sm" wrap="wrap">
              <Group gap="sm" align="flex-start" wrap="nowrap" miw={0}>
                <FolderTreeDrawer>{treeBody}</FolderTreeDrawer>
                {!treeOpen && (
                  <Tooltip label={t('folders.showTree')}>
                    <ActionIcon
                      variant="default"
                      visibleFrom="sm"
                      aria-label={t('folders.showTree')}
                      onClick={() => setTreeOpen(true)}
                      data-tour="sidebar-toggle"
                    >
                      <IconLayoutSidebarLeftExpand size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
                {/* At the brand's top folder the header above names the brand. */}
                {!isRoot && (
                  <Stack gap={4} miw={0}>
                    {data ? (
                      <CrumbTrail crumbs={data.breadcrumbs} brandName={brandName} />
                    ) : (
                      <Skeleton height={14} width={220} />
                    )}
                    <Group gap="xs" wrap="nowrap">
                      <Title order={1} fz={24} fw={600} lineClamp={1}>
                        {data ? (
                          data.name
                        ) : (
                          <Skeleton height={28} width={200} component="span" display="inline-block" />
                        )}
                      </Title>
                      {data?.visibility === 'PRIVATE' && <PrivateBadge size="sm" />}
                    </Group>
                  </Stack>
                )}
              </Group>
              <Group gap="sm" data-tour="searcher-buttons">
                {data && <ShortcutButton kind="folder" id={data.id} label={data.is_root ? brandName : data.name} />}
                {data?.is_root && <WatermarkButton brand={{ id: brandId, name: brandName, image_uri: null }} />}
                {data?.is_root && <CropPresetsButton brand={{ id: brandId, name: brandName }} />}
                {abilities?.create_folder && (
                  <Button
                    variant="default"
                    leftSection={<IconFolderPlus size={16} />}
                    onClick={() => actions.openCreate(brandId, data!.id)}
                  >
                    {t('folders.new')}
                  </Button>
                )}
                {abilities?.upload && (
                  <Button leftSection={<IconCloudUpload size={16} />} onClick={() => setUploading(true)}>
                    {t('upload.open')}
                  </Button>
                )}
              </Group>
            </Group>

            {isRoot && !searching && tree.data && <RecentlyAdded brandId={brandId} rootId={tree.data.root.id} />}
            <Searcher
              brandId={brandId}
              folderId={currentId}
              isRoot={isRoot}
              folders={
                !data || data.children.length > 0 ? (
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
                              onToCollection={can.permission('collection.view') ? setConverting : undefined}
                            />
                          ))
                        : Array.from({ length: 4 }, (_, i) => <Skeleton key={i} height={168} radius="md" />)}
                    </div>
                  </section>
                ) : null
              }
              emptyFolder={
                <EmptyBlock
                  icon={<IconPhoto size={28} stroke={1.6} />}
                  title={t('assets.emptyTitle')}
                  description={abilities?.upload ? t('assets.empty') : t('assets.emptyReadOnly')}
                  action={
                    abilities?.upload ? (
                      <Button leftSection={<IconCloudUpload size={16} />} onClick={() => setUploading(true)}>
                        {t('upload.open')}
                      </Button>
                    ) : undefined
                  }
                />
              }
            />
          </>
        )}
      </Box>

      <FolderFormModal mode={actions.form} onClose={actions.closeForm} />
      <FolderToCollectionModal folder={converting} onClose={() => setConverting(null)} />
      <FolderPickerModal
        opened={actions.moving !== null}
        brandId={brandId}
        title={t('folders.moveTitle', { name: actions.moving?.name ?? '' })}
        confirmLabel={t('folders.moveHere')}
        disabledIds={
          actions.moving && tree.data
            ? new Set([
                ...subtreeIds(tree.data.root, actions.moving.id),
                ...(actions.moving.parent_id ? [actions.moving.parent_id] : []),
              ])
            : undefined
        }
        pending={actions.moveState.isPending}
        error={actions.moveState.error ?? undefined}
        onPick={actions.doMove}
        onClose={actions.closeMove}
      />
      {data && (
        <PageDrop
          enabled={!!abilities?.upload && !uploading}
          folderName={data.is_root ? brandName : data.name}
          onFiles={(files) => {
            setDropped(files);
            setUploading(true);
          }}
        />
      )}
      {data && uploading && (
        <Suspense fallback={null}>
          <UploadDialog
            opened
            onClose={() => {
              setUploading(false);
              setDropped(undefined);
            }}
            target={{ kind: 'folder', brandId, folderId: data.id }}
            initialFiles={dropped}
          />
        </Suspense>
      )}
    </Box>
  );
}

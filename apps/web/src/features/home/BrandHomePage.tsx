import { useState } from 'react';
import { Box, Button, Group, Stack } from '@mantine/core';
import { IconCloudUpload, IconPhoto } from '@tabler/icons-react';
import type { BrandSummary } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { PageError } from '../../ui/PageError';
import { useSession } from '../../state/session';
import { FolderToCollectionModal } from '../collections/FolderToCollectionModal';
import { FolderFormModal } from '../folders/FolderFormModal';
import { useFolderActions } from '../folders/useFolderActions';
import { SEARCH_PARAMS } from '../search/searchState';
import { SaveSearchButton } from '../savedSearches/SaveSearchButton';
import { SavedSearchesMenu } from '../savedSearches/SavedSearchesMenu';
import { Searcher } from '../search/Searcher';
import { BrandHero } from '../brands/BrandHero';
import { FolderHeading } from './FolderHeading';
import { FolderMovePicker } from './FolderMovePicker';
import { FolderTreeAside, FolderTreeBody } from './FolderTreePanel';
import { FolderUpload } from './FolderUpload';
import { SubfolderGrid } from './SubfolderGrid';
import { useBrandFolder } from './useBrandFolder';
import { RecentlyAdded } from './RecentlyAdded';
import { BrandSectionTabs } from '../guidelines/GuidelinesNav';
import classes from './BrandHome.module.css';

/** brand.home: folder tree, breadcrumbs, subfolders and the searcher over the folder's assets. */
export default function BrandHomePage() {
  const brand = useSession((s) => s.selectedBrand);
  if (!brand) return null;
  return <BrandHome brand={brand} />;
}

function BrandHome({ brand }: { brand: BrandSummary }) {
  const { id: brandId, name: brandName } = brand;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { params, tree, rootId, currentId, folder, data } = useBrandFolder(brandId, brandName);
  const [treeOpen, setTreeOpen] = useState(true);
  const [uploading, setUploading] = useState(false);
  const [dropped, setDropped] = useState<File[] | undefined>();
  const actions = useFolderActions();
  const [converting, setConverting] = useState<{ id: number; name: string } | null>(null);

  const treeError = tree.error && !currentId;
  const treeBody = (
    <FolderTreeBody root={tree.data?.root} currentId={currentId} failed={tree.isError} brandName={brandName} />
  );
  const abilities = data?.abilities;
  // The brand's top folder opens with its header; a search there hides "Recently added".
  const isRoot = data?.is_root ?? !params.get('folder');
  const searching = SEARCH_PARAMS.some((p) => p !== 'sort' && params.has(p));
  const upload = () => setUploading(true);

  return (
    // data-tour: the tour's searcher steps wait for this page to be on screen.
    <Box className={classes.layout} data-tree-open={treeOpen || undefined} data-tour="brand-home">
      {treeOpen && <FolderTreeAside onHide={() => setTreeOpen(false)}>{treeBody}</FolderTreeAside>}

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
            <BrandSectionTabs current="files" />
            {isRoot && <BrandHero brand={brand} />}
            <FolderHeading
              brandName={brandName}
              data={data}
              isRoot={isRoot}
              treeBody={treeBody}
              onShowTree={treeOpen ? null : () => setTreeOpen(true)}
              onNewFolder={() => actions.openCreate(brandId, data!.id)}
              onUpload={upload}
            />
            {isRoot && !searching && rootId !== undefined && <RecentlyAdded brandId={brandId} rootId={rootId} />}
            <Searcher
              brandId={brandId}
              folderId={currentId}
              isRoot={isRoot}
              extra={(body, searching) => (
                <>
                  <SavedSearchesMenu brandId={brandId} />
                  {searching && currentId !== undefined && <SaveSearchButton folderId={currentId} body={body} />}
                </>
              )}
              folders={
                !data || data.children.length > 0 ? (
                  <SubfolderGrid data={data} actions={actions} onToCollection={setConverting} />
                ) : null
              }
              emptyFolder={
                <EmptyBlock
                  icon={<IconPhoto size={28} stroke={1.6} />}
                  title={t('assets.emptyTitle')}
                  description={abilities?.upload ? t('assets.empty') : t('assets.emptyReadOnly')}
                  action={
                    abilities?.upload ? (
                      <Button leftSection={<IconCloudUpload size={16} />} onClick={upload}>
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
      <FolderMovePicker brandId={brandId} root={tree.data?.root} actions={actions} />
      {data && (
        <FolderUpload
          brandId={brandId}
          folder={{ id: data.id, name: data.is_root ? brandName : data.name }}
          canUpload={!!abilities?.upload}
          uploading={uploading}
          dropped={dropped}
          onDrop={(files) => {
            setDropped(files);
            setUploading(true);
          }}
          onClose={() => {
            setUploading(false);
            setDropped(undefined);
          }}
        />
      )}
    </Box>
  );
}

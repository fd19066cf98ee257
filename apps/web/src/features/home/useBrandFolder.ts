import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notifySuccess } from '../../lib/notify';
import { useSession } from '../../state/session';
import { usePageTitle } from '../../ui/usePageTitle';
import { useBrand } from '../brands/api';
import { useFolder, useFolderTree } from '../folders/api';

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

/**
 * The brand's folder tree and the folder the URL opens (`?folder=`, else the brand's top folder).
 * The top folder's id comes with the brand (a small answer), so the folder and its first page do
 * not wait for the whole tree (157 kB at 2,000 folders), which fills the side panel when it comes.
 */
export function useBrandFolder(brandId: number, brandName: string) {
  const [params] = useSearchParams();
  const tree = useFolderTree(brandId);
  const rootId = useBrand(brandId).data?.brand.root_folder_id ?? tree.data?.root.id;
  const currentId = readFolderParam(params.get('folder')) ?? rootId;
  const folder = useFolder(currentId);
  // Opening another folder starts at its top, as a new page would: the URL only changes its
  // query, so the browser keeps the scroll, and the virtual grid would draw rows far down.
  const shownId = useRef(currentId);
  useEffect(() => {
    if (shownId.current === currentId) return;
    shownId.current = currentId;
    window.scrollTo({ top: 0 });
  }, [currentId]);
  const data = folder.data?.folder;
  useFollowFolderBrand(data?.brand_id, brandId);
  usePageTitle(data && !data.is_root ? data.name : brandName);
  return { params, tree, rootId, currentId, folder, data };
}

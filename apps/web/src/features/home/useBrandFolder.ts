import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notifySuccess } from '../../lib/notify';
import { useSession } from '../../state/session';
import { usePageTitle } from '../../ui/usePageTitle';
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

/** The brand's folder tree and the folder the URL opens (`?folder=`, else the brand's top folder). */
export function useBrandFolder(brandId: number, brandName: string) {
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
  const data = folder.data?.folder;
  useFollowFolderBrand(data?.brand_id, brandId);
  usePageTitle(data && !data.is_root ? data.name : brandName);
  return { params, tree, currentId, folder, data };
}

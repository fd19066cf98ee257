import { Suspense, lazy } from 'react';
import { PageDrop } from '../assets/upload/PageDrop';

// Uppy and tus download only when a dialog opens.
const UploadDialog = lazy(() => import('../assets/upload/UploadDialog').then((m) => ({ default: m.UploadDialog })));

interface Props {
  brandId: number;
  folder: { id: number; name: string };
  canUpload: boolean;
  /** The upload dialog is open; files dropped on the page open it with them. */
  uploading: boolean;
  dropped: File[] | undefined;
  onDrop: (files: File[]) => void;
  onClose: () => void;
}

/** Uploading into the open folder: files dropped anywhere on the page, and the upload dialog. */
export function FolderUpload({ brandId, folder, canUpload, uploading, dropped, onDrop, onClose }: Props) {
  return (
    <>
      <PageDrop enabled={canUpload && !uploading} folderName={folder.name} onFiles={onDrop} />
      {uploading && (
        <Suspense fallback={null}>
          <UploadDialog
            opened
            onClose={onClose}
            target={{ kind: 'folder', brandId, folderId: folder.id }}
            initialFiles={dropped}
          />
        </Suspense>
      )}
    </>
  );
}

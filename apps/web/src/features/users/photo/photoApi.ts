import { useMutation } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { Crop } from '@brandvault/contract';
import { call, callForm, toFormData } from '../../../api/client';
import { useAfterUserChange } from '../api';

/** Sends the chosen file; the answer names the upload that `useSetPhoto` then sets. */
export function useUploadPhoto() {
  return useMutation({
    mutationFn: ({ userId, file }: { userId: number; file: File }) =>
      callForm(routes.userPhotoUpload, { params: { id: userId }, form: toFormData({ photo: file }) }),
  });
}

export function useSetPhoto() {
  const after = useAfterUserChange();
  return useMutation({
    mutationFn: ({ userId, photoId, crop }: { userId: number; photoId: number; crop?: Crop }) =>
      call(routes.userPhotoUpdate, { params: { id: userId, photoId }, body: { crop } }),
    onSuccess: (_answer, { userId }) => after(userId),
  });
}

export function useRemovePhoto() {
  const after = useAfterUserChange();
  return useMutation({
    mutationFn: (userId: number) => call(routes.userPhotoRemove, { params: { id: userId } }),
    onSuccess: (_answer, userId) => after(userId),
  });
}

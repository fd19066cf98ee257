import { useMutation } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import { callForm, toFormData } from '../../api/client';

/**
 * Sends a downloaded file, or the code drawn on it (a re-saved file has lost its metadata), to the
 * trace tool; the answer names the link or user it was made for.
 */
export function useTraceFile() {
  return useMutation({
    mutationFn: ({ file, code }: { file: File | null; code: string }) =>
      callForm(routes.watermarkTrace, { form: toFormData({ ...(file ? { file } : {}), ...(code ? { code } : {}) }) }),
  });
}

import { useMutation } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import { callForm, toFormData } from '../../api/client';

/** Sends a downloaded file to the trace tool; the answer names the link or user it was made for. */
export function useTraceFile() {
  return useMutation({
    mutationFn: (file: File) => callForm(routes.watermarkTrace, { form: toFormData({ file }) }),
  });
}

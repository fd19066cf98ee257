import { useEffect, useReducer, useRef, useState } from 'react';
import Uppy from '@uppy/core';
import type { Meta, UppyFile } from '@uppy/core';
import Tus from '@uppy/tus';
import type { TusBody } from '@uppy/tus';
import { UPLOAD_REQUEST_TUS_PATH, UploadRequestTusMetadata } from '@brandvault/contract';
import type { UploadResult } from '@brandvault/contract';
import { currentLang } from '../../i18n';
import { TUS_CHUNK_SIZE, TUS_RETRY_DELAYS, sendsWithCreation } from '../assets/upload/tusSettings';
import { initialUploadState, parseErrorMessage, parseUploadResult, uploadReducer } from '../assets/upload/uploadState';

const META_FIELDS = Object.keys(UploadRequestTusMetadata.shape);

type FileMeta = Meta & Record<string, string>;
type File_ = UppyFile<FileMeta, TusBody>;

function responseText(response: { body?: { xhr?: XMLHttpRequest } } | undefined): string | null {
  try {
    return response?.body?.xhr?.responseText ?? null;
  } catch {
    return null;
  }
}

/**
 * Resumable uploads through an upload request link: no session, the link's token (and pass) in
 * headers, the sender's name and e-mail with every file. Mirrored into the upload dialog's reducer
 * (assets/upload/uploadState), so each file shows its own status.
 */
export function useRequestUploader(token: string, pass: string, failedText: string) {
  const [state, dispatch] = useReducer(uploadReducer, initialUploadState);
  const results = useRef(new Map<string, UploadResult>());
  const link = useRef({ token, pass, failedText });
  useEffect(() => {
    link.current = { token, pass, failedText };
  });

  const [uppy] = useState(() => {
    const u = new Uppy<FileMeta, TusBody>({ autoProceed: false, allowMultipleUploadBatches: true });
    u.use(Tus, {
      endpoint: UPLOAD_REQUEST_TUS_PATH,
      chunkSize: TUS_CHUNK_SIZE,
      retryDelays: TUS_RETRY_DELAYS,
      limit: 2,
      allowedMetaFields: META_FIELDS,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      // 4xx answers (a refused type, a full budget, a closed link) will not change on a retry.
      onShouldRetry: (err, _attempt, _options, next) => {
        const status = (err as { originalResponse?: { getStatus(): number } | null }).originalResponse?.getStatus();
        return status !== undefined && status >= 400 && status < 500 && status !== 409 && status !== 423
          ? false
          : next(err);
      },
      onBeforeRequest(req) {
        req.setHeader('X-Upload-Request', link.current.token);
        if (link.current.pass) req.setHeader('X-Upload-Pass', link.current.pass);
        req.setHeader('Accept-Language', currentLang());
      },
    });
    return u;
  });

  useEffect(() => {
    const onAdded = (file: File_) => {
      const fileId = file.id;
      uppy.setFileState(fileId, {
        tus: {
          ...(file as { tus?: object }).tus,
          uploadDataDuringCreation: sendsWithCreation(file.size),
          onAfterResponse: (_req, res) => {
            const result = res.getStatus() === 200 ? parseUploadResult(res.getBody()) : null;
            if (result) results.current.set(fileId, result);
          },
        },
      });
      dispatch({ type: 'added', id: fileId, name: file.name ?? '', size: file.size ?? 0 });
    };
    const onProgress = (file: File_ | undefined, progress: { bytesUploaded: number; bytesTotal: number | null }) => {
      if (!file || !progress.bytesTotal) return;
      dispatch({ type: 'progress', id: file.id, percent: (progress.bytesUploaded / progress.bytesTotal) * 100 });
    };
    const onSuccess = (file: File_ | undefined, response: { body?: { xhr?: XMLHttpRequest } }) => {
      if (!file) return;
      const result = results.current.get(file.id) ?? parseUploadResult(responseText(response));
      results.current.delete(file.id);
      dispatch({ type: 'result', id: file.id, result: result ?? { file_name: file.name ?? '', status: 'created' } });
    };
    const onError = (
      file: File_ | undefined,
      error: { message: string },
      response?: { body?: { xhr?: XMLHttpRequest } },
    ) => {
      if (!file) return;
      const original = (error as { originalResponse?: { getBody(): string } | null }).originalResponse;
      const message =
        parseErrorMessage(responseText(response)) ?? parseErrorMessage(original?.getBody()) ?? link.current.failedText;
      dispatch({ type: 'error', id: file.id, message });
    };
    uppy.on('file-added', onAdded);
    uppy.on('upload-progress', onProgress);
    uppy.on('upload-success', onSuccess);
    uppy.on('upload-error', onError);
    return () => {
      uppy.off('file-added', onAdded);
      uppy.off('upload-progress', onProgress);
      uppy.off('upload-success', onSuccess);
      uppy.off('upload-error', onError);
    };
  }, [uppy]);

  useEffect(() => () => uppy.destroy(), [uppy]);

  const addFiles = (files: File[]) => {
    for (const file of files) {
      try {
        uppy.addFile({ name: file.name, type: file.type, data: file, meta: { filename: file.name }, source: 'Local' });
      } catch {
        // Uppy refuses a file already in the list: nothing to add.
      }
    }
  };

  /** Sends every waiting file with the sender's name and e-mail. */
  const start = async (who: { uploader_name: string; uploader_email: string }) => {
    const pending = state.items.filter((it) => it.status === 'pending').map((it) => it.id);
    if (!pending.length) return;
    for (const id of pending) {
      const file = uppy.getFile(id);
      if (file) uppy.setFileMeta(id, { ...file.meta, ...who });
    }
    dispatch({ type: 'started', ids: pending });
    await uppy.upload().catch(() => undefined);
    dispatch({ type: 'finished' });
  };

  const retry = (id: string) => {
    dispatch({ type: 'retry', id });
    dispatch({ type: 'started', ids: [id] });
    void uppy
      .retryUpload(id)
      .catch(() => undefined)
      .then(() => dispatch({ type: 'finished' }));
  };

  const remove = (id: string) => {
    if (uppy.getFile(id)) uppy.removeFile(id);
    results.current.delete(id);
    dispatch({ type: 'removed', id });
  };

  return { state, addFiles, start, retry, remove };
}

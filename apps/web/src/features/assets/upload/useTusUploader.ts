import { useEffect, useReducer, useRef, useState } from 'react';
import Uppy from '@uppy/core';
import type { Meta, UppyFile } from '@uppy/core';
import Tus from '@uppy/tus';
import type { TusBody } from '@uppy/tus';
import { DEFAULT_MAX_UPLOAD_BYTES, TUS_PATH, TusMetadata } from '@brandvault/contract';
import type { FieldValue, UploadResult, Visibility } from '@brandvault/contract';
import { xsrfToken } from '../../../api/csrf';
import { currentLang } from '../../../i18n';
import { useSession } from '../../../state/session';
import { initialUploadState, parseError, parseUploadResult, uploadReducer } from './uploadState';
import type { Duplicates } from './uploadState';
import { TUS_CHUNK_SIZE, TUS_PARALLEL_FILES, TUS_RETRY_DELAYS, sendsWithCreation } from './tusSettings';

/** Contract TusMetadata keys; nothing else of Uppy's own meta travels. */
const META_FIELDS = Object.keys(TusMetadata.shape);

/** The dialog's "apply to all": what every new asset of the round gets. */
export interface CommonMeta {
  description?: string;
  keywords?: string[];
  visibility?: Visibility;
  /** Brand field values by key (issue 39 §3); sent as one JSON object. */
  fields?: Record<string, FieldValue>;
}

/** The common fields as tus metadata strings, leaving out what was not filled in. */
function commonFields(c: CommonMeta): Record<string, string> {
  const out: Record<string, string> = {};
  if (c.description?.trim()) out.description = c.description.trim();
  if (c.keywords?.length) out.keywords = JSON.stringify(c.keywords);
  if (c.visibility) out.visibility = c.visibility;
  if (c.fields && Object.keys(c.fields).length) out.fields = JSON.stringify(c.fields);
  return out;
}

/** Only the TusMetadata keys a file has: Uppy would send a missing key as "undefined". */
const presentFields = (meta: Record<string, unknown>) =>
  META_FIELDS.filter((k) => meta[k] !== undefined && meta[k] !== null);

/** A version names the asset's current extension, so a change of file type is asked about first. */
export type UploadTarget =
  { kind: 'folder'; brandId: number; folderId: number } | { kind: 'version'; assetId: number; currentExt?: string };

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
 * One Uppy instance with the tus plugin for the dialog's lifetime, mirrored into a plain reducer
 * (see uploadState) that the UI renders. The server answers the final PATCH with an UploadResult.
 */
export function useTusUploader(target: UploadTarget, texts: { tooLarge: string; failed: string }) {
  const [state, dispatch] = useReducer(uploadReducer, initialUploadState);
  const results = useRef(new Map<string, UploadResult>());
  const targetRef = useRef(target);
  const textsRef = useRef(texts);
  useEffect(() => {
    targetRef.current = target;
    textsRef.current = texts;
  });

  const [uppy] = useState(() => {
    const u = new Uppy<FileMeta, TusBody>({
      autoProceed: false,
      allowMultipleUploadBatches: true,
      restrictions: target.kind === 'version' ? { maxNumberOfFiles: 1 } : {},
    });
    u.use(Tus, {
      endpoint: TUS_PATH,
      chunkSize: TUS_CHUNK_SIZE,
      retryDelays: TUS_RETRY_DELAYS,
      limit: TUS_PARALLEL_FILES,
      allowedMetaFields: META_FIELDS,
      storeFingerprintForResuming: false,
      removeFingerprintOnSuccess: true,
      withCredentials: true,
      async onBeforeRequest(req) {
        const token = useSession.getState().token;
        if (token) req.setHeader('Authorization', `Bearer ${token}`);
        req.setHeader('Accept-Language', currentLang());
        const xsrf = await xsrfToken();
        if (xsrf) req.setHeader('X-XSRF-TOKEN', xsrf);
      },
    });
    return u;
  });

  useEffect(() => {
    const onAdded = (file: File_) => {
      const fileId = file.id;
      // The final PATCH (or a POST with creation-with-upload) answers 200 with the UploadResult.
      uppy.setFileState(fileId, {
        tus: {
          ...(file as { tus?: object }).tus,
          allowedMetaFields: presentFields(file.meta),
          uploadDataDuringCreation: sendsWithCreation(file.size),
          onAfterResponse: (_req, res) => {
            const result = res.getStatus() === 200 ? parseUploadResult(res.getBody()) : null;
            if (result) results.current.set(fileId, result);
          },
        },
      });
      dispatch({
        type: 'added',
        id: fileId,
        name: file.name ?? '',
        size: file.size ?? 0,
        duplicates: (file.meta.duplicates as Duplicates) ?? 'skip',
      });
    };
    const onProgress = (file: File_ | undefined, progress: { bytesUploaded: number; bytesTotal: number | null }) => {
      if (!file || !progress.bytesTotal) return;
      dispatch({ type: 'progress', id: file.id, percent: (progress.bytesUploaded / progress.bytesTotal) * 100 });
    };
    const onSuccess = (file: File_ | undefined, response: { body?: { xhr?: XMLHttpRequest } }) => {
      if (!file) return;
      const result = results.current.get(file.id) ?? parseUploadResult(responseText(response));
      results.current.delete(file.id);
      dispatch(
        result
          ? { type: 'result', id: file.id, result }
          : { type: 'result', id: file.id, result: { file_name: file.name ?? '', status: 'created' } },
      );
    };
    const onError = (
      file: File_ | undefined,
      error: { message: string },
      response?: { body?: { xhr?: XMLHttpRequest } },
    ) => {
      if (!file) return;
      const original = (error as { originalResponse?: { getBody(): string } | null }).originalResponse;
      const parsed = parseError(responseText(response)) ?? parseError(original?.getBody());
      dispatch({ type: 'error', id: file.id, message: parsed?.message ?? textsRef.current.failed, code: parsed?.code });
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

  const common = useRef<CommonMeta>({});
  // A file's own brand field values, when the round does not apply one set to all.
  const perFile = useRef<(id: string) => Record<string, FieldValue> | undefined>(() => undefined);
  const metaFor = (file: File, duplicates: Duplicates): FileMeta => {
    const t = targetRef.current;
    return t.kind === 'folder'
      ? {
          filename: file.name,
          brand_id: String(t.brandId),
          folder_id: String(t.folderId),
          duplicates,
          ...commonFields(common.current),
        }
      : { filename: file.name, asset_id: String(t.assetId), duplicates: 'skip' };
  };

  /** Gives a waiting file the round's common fields, including to its list of fields that travel. */
  const applyCommon = (id: string) => {
    const file = uppy.getFile(id);
    if (!file || targetRef.current.kind !== 'folder') return;
    const meta = { ...file.meta };
    for (const key of ['description', 'keywords', 'visibility', 'fields']) delete meta[key];
    const own = perFile.current(id);
    Object.assign(meta, commonFields(own ? { ...common.current, fields: own } : common.current));
    uppy.setFileState(id, {
      meta,
      tus: { ...(file as { tus?: object }).tus, allowedMetaFields: presentFields(meta) },
    });
  };

  const addFiles = (files: File[], duplicates: Duplicates = 'skip') => {
    for (const file of files) {
      if (file.size > DEFAULT_MAX_UPLOAD_BYTES) {
        dispatch({
          type: 'rejected',
          id: `too-large-${file.name}-${file.size}`,
          name: file.name,
          size: file.size,
          message: textsRef.current.tooLarge,
        });
        continue;
      }
      try {
        uppy.addFile({
          name: file.name,
          type: file.type,
          data: file,
          meta: metaFor(file, duplicates),
          source: 'Local',
        });
      } catch {
        // Uppy refuses duplicates already in the list and files over its restrictions: nothing to add.
      }
    }
  };

  /** Starts every pending file, each with `fields` ("apply to all") when given. */
  const start = async (
    fields: CommonMeta = {},
    fieldsOf: (id: string) => Record<string, FieldValue> | undefined = () => undefined,
  ) => {
    const pending = state.items.filter((it) => it.status === 'pending').map((it) => it.id);
    if (pending.length === 0) return;
    common.current = fields;
    perFile.current = fieldsOf;
    for (const id of pending) applyCommon(id);
    dispatch({ type: 'started', ids: pending });
    // The cookie is read on each request; fetch it once up front so the first chunk has it.
    await xsrfToken();
    await uppy.upload().catch(() => undefined);
  };

  /** Sends the file again from the start, optionally allowing a duplicate. */
  const resend = (id: string, duplicates: Duplicates) => {
    const file = uppy.getFile(id);
    const data = file?.data;
    if (!file || !(data instanceof File)) return false;
    results.current.delete(id);
    uppy.removeFile(id);
    const newId = uppy.addFile({
      name: data.name,
      type: data.type,
      data,
      meta: metaFor(data, duplicates),
      source: 'Local',
    });
    dispatch({ type: 'started', ids: [newId] });
    void xsrfToken().then(() => uppy.upload().catch(() => undefined));
    return true;
  };

  const retry = (id: string) => {
    const item = state.items.find((it) => it.id === id);
    if (!item || item.rejected) return;
    const file = uppy.getFile(id);
    if (file?.error) {
      dispatch({ type: 'retry', id });
      dispatch({ type: 'started', ids: [id] });
      void xsrfToken().then(() => uppy.retryUpload(id).catch(() => undefined));
      return;
    }
    // The upload went through but the server could not create the asset: send it once more.
    resend(id, item.duplicates);
  };

  const retryFailed = () => {
    for (const it of state.items) if (it.status === 'failed' && !it.rejected) retry(it.id);
  };

  const uploadAnyway = (id: string) => resend(id, 'allow');

  const remove = (id: string) => {
    if (uppy.getFile(id)) uppy.removeFile(id);
    results.current.delete(id);
    dispatch({ type: 'removed', id });
  };

  const cancelAll = () => {
    uppy.cancelAll();
    results.current.clear();
    dispatch({ type: 'reset' });
  };

  const finished = () => dispatch({ type: 'finished' });

  const fileOf = (id: string) => {
    const data = uppy.getFile(id)?.data;
    return data instanceof File ? data : undefined;
  };

  return { state, fileOf, addFiles, start, retry, retryFailed, uploadAnyway, remove, cancelAll, finished };
}

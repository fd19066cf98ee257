import { NOT_CREATED_CODES, UploadResult } from '@brandvault/contract';
import type { UploadLocation, UploadStatus } from '@brandvault/contract';

/** Spec §3 "file upload status". */
export type FileStatus = 'pending' | 'loading' | 'failed' | 'success' | 'exists';
export type Duplicates = 'skip' | 'allow';

export interface UploadItem {
  id: string;
  name: string;
  size: number;
  status: FileStatus;
  /** 0–100 while loading. */
  progress: number;
  duplicates: Duplicates;
  /** Server or local message for a failed file. */
  error?: string;
  /** Refused for what the file is (too large, content unlike its extension): retrying cannot help. */
  rejected?: boolean;
  /** The asset creation status (spec §3) once the file has an answer: what its row reports. */
  creation?: UploadStatus;
  assetId?: number;
  location?: UploadLocation;
  /** Created, but waiting for a reviewer before others see it (issue 40 §3). */
  pendingReview?: boolean;
}

export interface UploadState {
  items: UploadItem[];
  /** An upload round is under way (the window must stay open). */
  running: boolean;
  /** The files of the current (or last) round, so its progress and its one toast count only them. */
  round: string[];
}

export type UploadAction =
  | { type: 'added'; id: string; name: string; size: number; duplicates?: Duplicates }
  | { type: 'rejected'; id: string; name: string; size: number; message: string }
  | { type: 'started'; ids?: string[] }
  | { type: 'progress'; id: string; percent: number }
  | { type: 'result'; id: string; result: UploadResult }
  | { type: 'error'; id: string; message: string; code?: string }
  | { type: 'retry'; id: string }
  | { type: 'removed'; id: string }
  | { type: 'finished' }
  | { type: 'reset' };

export const initialUploadState: UploadState = { items: [], running: false, round: [] };

/** Server refusals about the file itself: sending the same bytes again ends the same way. */
export const cannotSucceed = (code: string | undefined) => !!code && NOT_CREATED_CODES.includes(code);

export const TERMINAL: ReadonlySet<FileStatus> = new Set(['failed', 'success', 'exists']);

/** How one server answer (contract UploadResult) reads as a file status. */
export function itemFromResult(item: UploadItem, result: UploadResult): UploadItem {
  switch (result.status) {
    case 'created':
    case 'replaced':
      return {
        ...item,
        creation: result.status,
        status: 'success',
        progress: 100,
        error: undefined,
        assetId: result.asset_id,
        location: result.location,
        pendingReview: result.pending_review === true,
      };
    case 'not_created':
      // A duplicate says where the brand holds it, and may still be uploaded anyway.
      if (result.location)
        return {
          ...item,
          creation: 'not_created',
          status: 'exists',
          progress: 100,
          error: undefined,
          assetId: result.location.asset_id,
          location: result.location,
        };
      return { ...item, creation: 'not_created', status: 'failed', error: result.error?.message, rejected: true };
    case 'failed':
      return {
        ...item,
        creation: 'failed',
        status: 'failed',
        error: result.error?.message,
        location: undefined,
        rejected: cannotSucceed(result.error?.code) || undefined,
      };
  }
}

function update(state: UploadState, id: string, fn: (item: UploadItem) => UploadItem): UploadState {
  return { ...state, items: state.items.map((it) => (it.id === id ? fn(it) : it)) };
}

export function uploadReducer(state: UploadState, action: UploadAction): UploadState {
  switch (action.type) {
    case 'added': {
      const item: UploadItem = {
        id: action.id,
        name: action.name,
        size: action.size,
        status: 'pending',
        progress: 0,
        duplicates: action.duplicates ?? 'skip',
      };
      const exists = state.items.some((it) => it.id === action.id);
      return {
        ...state,
        items: exists ? state.items.map((it) => (it.id === action.id ? item : it)) : [...state.items, item],
      };
    }
    case 'rejected': {
      const item: UploadItem = {
        id: action.id,
        name: action.name,
        size: action.size,
        status: 'failed',
        progress: 0,
        duplicates: 'skip',
        error: action.message,
        rejected: true,
        creation: 'not_created',
      };
      return { ...state, items: [...state.items.filter((it) => it.id !== action.id), item] };
    }
    case 'started': {
      const ids = action.ids ? new Set(action.ids) : null;
      const starts = (it: UploadItem) => it.status === 'pending' && (!ids || ids.has(it.id));
      const started = state.items.filter(starts).map((it) => it.id);
      return {
        running: true,
        // Files started while a round runs (a retry, "Upload anyway") join it.
        round: state.running ? [...state.round.filter((id) => !started.includes(id)), ...started] : started,
        items: state.items.map((it) => (starts(it) ? { ...it, status: 'loading', progress: 0 } : it)),
      };
    }
    case 'progress':
      return update(state, action.id, (it) =>
        TERMINAL.has(it.status)
          ? it
          : { ...it, status: 'loading', progress: Math.max(0, Math.min(100, Math.round(action.percent))) },
      );
    case 'result':
      return update(state, action.id, (it) => itemFromResult(it, action.result));
    case 'error':
      return update(state, action.id, (it) => ({
        ...it,
        status: 'failed',
        error: action.message,
        rejected: cannotSucceed(action.code) || undefined,
        creation: cannotSucceed(action.code) ? 'not_created' : 'failed',
      }));
    case 'retry':
      return update(state, action.id, (it) => ({
        ...it,
        status: 'pending',
        progress: 0,
        error: undefined,
        creation: undefined,
      }));
    case 'removed':
      return { ...state, items: state.items.filter((it) => it.id !== action.id) };
    case 'finished':
      return { ...state, running: false };
    case 'reset':
      return initialUploadState;
  }
}

export interface UploadSummary {
  total: number;
  pending: number;
  loading: number;
  success: number;
  exists: number;
  failed: number;
  /** Every file reached an end state. */
  settled: boolean;
}

export function summarize(items: UploadItem[]): UploadSummary {
  const count = (s: FileStatus) => items.filter((it) => it.status === s).length;
  const s = {
    total: items.length,
    pending: count('pending'),
    loading: count('loading'),
    success: count('success'),
    exists: count('exists'),
    failed: count('failed'),
  };
  return { ...s, settled: s.total > 0 && s.pending === 0 && s.loading === 0 };
}

/** The JSON body of the final tus answer, when it is an UploadResult. */
export function parseUploadResult(text: string | null | undefined): UploadResult | null {
  if (!text) return null;
  try {
    const parsed = UploadResult.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The message of a tus error answer `{error:{status,code,message}}`. */
export function parseErrorMessage(text: string | null | undefined): string | null {
  return parseError(text)?.message ?? null;
}

/** The code and message of a tus error answer, when it is one. */
export function parseError(text: string | null | undefined): { code?: string; message: string } | null {
  if (!text) return null;
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown; code?: unknown } };
    const m = body.error?.message;
    const code = typeof body.error?.code === 'string' ? body.error.code : undefined;
    return typeof m === 'string' && m.trim() ? { code, message: m } : null;
  } catch {
    return null;
  }
}

/** Where the round stands: its files, those settled, and how they ended. */
export function roundProgress(state: UploadState) {
  const round = new Set(state.round);
  const items = state.items.filter((it) => round.has(it.id));
  const sum = summarize(items);
  const settled = sum.success + sum.exists + sum.failed;
  // "Uploading 7 of 16": the file under way is the one after those settled.
  return { ...sum, current: Math.min(settled + 1, sum.total) };
}

import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { UploadResult } from '@brandvault/contract';
import { Providers } from '../../../app/Providers';
import { FileRow, StartButton } from './UploadDialog';
import i18n from '../../../i18n';
import {
  initialUploadState,
  itemFromResult,
  parseErrorMessage,
  parseUploadResult,
  roundProgress,
  summarize,
  uploadReducer,
} from './uploadState';
import type { UploadAction, UploadState } from './uploadState';

const run = (actions: UploadAction[], from: UploadState = initialUploadState) => actions.reduce(uploadReducer, from);

const created: UploadResult = { file_name: 'a.png', status: 'created', asset_id: 41 };
const exists: UploadResult = {
  file_name: 'b.png',
  status: 'not_created',
  error: { code: 'ASSET_EXISTS', message: 'The brand already has this file.' },
  location: { asset_id: 9, brand_id: 7, brand_name: 'Acme', folder_id: 3, path: 'Acme / Logos' },
};
const failed: UploadResult = {
  file_name: 'c.psd',
  status: 'failed',
  error: { code: 'INVALID_DATA', message: 'Unsupported file type' },
};

describe('upload state', () => {
  it('walks files from pending to their UploadResult statuses', () => {
    let s = run([
      { type: 'added', id: 'a', name: 'a.png', size: 1000 },
      { type: 'added', id: 'b', name: 'b.png', size: 2000 },
      { type: 'added', id: 'c', name: 'c.psd', size: 3000 },
    ]);
    expect(s.items.map((i) => i.status)).toEqual(['pending', 'pending', 'pending']);
    expect(summarize(s.items).settled).toBe(false);

    s = run([{ type: 'started' }, { type: 'progress', id: 'a', percent: 42.4 }], s);
    expect(s.running).toBe(true);
    expect(s.items[0]).toMatchObject({ status: 'loading', progress: 42 });

    s = run(
      [
        { type: 'result', id: 'a', result: created },
        { type: 'result', id: 'b', result: exists },
        { type: 'result', id: 'c', result: failed },
      ],
      s,
    );
    expect(s.items.map((i) => i.status)).toEqual(['success', 'exists', 'failed']);
    expect(s.items[0]?.assetId).toBe(41);
    expect(s.items[0]?.pendingReview).toBe(false);
    expect(s.items[1]?.location?.path).toBe('Acme / Logos');
    expect(s.items[2]?.error).toBe('Unsupported file type');
    expect(summarize(s.items)).toMatchObject({ total: 3, success: 1, exists: 1, failed: 1, settled: true });

    // A late progress event never reopens a settled file.
    s = uploadReducer(s, { type: 'progress', id: 'a', percent: 10 });
    expect(s.items[0]?.status).toBe('success');
  });

  it('retries a failed file and re-adds an existing one with duplicates allowed', () => {
    let s = run([
      { type: 'added', id: 'c', name: 'c.psd', size: 3000 },
      { type: 'started' },
      { type: 'error', id: 'c', message: 'Network down' },
    ]);
    expect(s.items[0]).toMatchObject({ status: 'failed', error: 'Network down' });
    s = run([{ type: 'retry', id: 'c' }], s);
    expect(s.items[0]).toMatchObject({ status: 'pending', error: undefined });

    s = run(
      [
        { type: 'added', id: 'b', name: 'b.png', size: 2000 },
        { type: 'started' },
        { type: 'result', id: 'b', result: exists },
      ],
      s,
    );
    s = run([{ type: 'added', id: 'b', name: 'b.png', size: 2000, duplicates: 'allow' }], s);
    expect(s.items.filter((i) => i.id === 'b')).toHaveLength(1);
    expect(s.items.find((i) => i.id === 'b')).toMatchObject({ status: 'pending', duplicates: 'allow' });
    expect(s.items.find((i) => i.id === 'b')?.location).toBeUndefined();
  });

  it('keeps local refusals as failed without a retry', () => {
    const s = run([{ type: 'rejected', id: 'big', name: 'huge.mov', size: 2e9, message: 'Too large' }]);
    expect(s.items[0]).toMatchObject({ status: 'failed', rejected: true, error: 'Too large' });
  });

  it('keeps that a created file awaits review', () => {
    const s = run([
      { type: 'added', id: 'a', name: 'a.png', size: 1000 },
      { type: 'started' },
      { type: 'result', id: 'a', result: { ...created, pending_review: true } },
    ]);
    expect(s.items[0]).toMatchObject({ status: 'success', pendingReview: true });
  });

  it('reads the tus answers: UploadResult bodies and {error} bodies', () => {
    expect(parseUploadResult(JSON.stringify(exists))).toEqual(exists);
    expect(parseUploadResult('not json')).toBeNull();
    expect(parseUploadResult(JSON.stringify({ status: 'weird' }))).toBeNull();
    expect(
      parseErrorMessage(JSON.stringify({ error: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Too big' } })),
    ).toBe('Too big');
    expect(parseErrorMessage('')).toBeNull();
    const item = { id: 'x', name: 'x', size: 1, status: 'loading' as const, progress: 50, duplicates: 'skip' as const };
    expect(itemFromResult(item, failed)).toMatchObject({ status: 'failed', error: 'Unsupported file type' });
  });

  it('renders each creation status (spec §3), the existing location link and the row actions', () => {
    const refused: UploadResult = {
      file_name: 'x.exe',
      status: 'not_created',
      error: { code: 'EXTENSION_NOT_ALLOWED', message: 'Files of this type are not allowed.' },
    };
    const s = run([
      { type: 'added', id: 'p', name: 'p.jpg', size: 10 },
      { type: 'added', id: 'a', name: 'a.png', size: 1000 },
      { type: 'added', id: 'b', name: 'b.png', size: 2048 },
      { type: 'added', id: 'c', name: 'c.psd', size: 3000 },
      { type: 'added', id: 'r', name: 'v2.png', size: 500 },
      { type: 'added', id: 'x', name: 'x.exe', size: 20 },
      { type: 'started', ids: ['a', 'b', 'c', 'r', 'x'] },
      { type: 'result', id: 'a', result: created },
      { type: 'result', id: 'b', result: exists },
      { type: 'result', id: 'c', result: failed },
      { type: 'result', id: 'r', result: { file_name: 'v2.png', status: 'replaced', asset_id: 41 } },
      { type: 'result', id: 'x', result: refused },
    ]);
    render(
      <Providers env="test">
        <MemoryRouter>
          <ul>
            {s.items.map((item) => (
              <FileRow
                key={item.id}
                item={item}
                onRetry={() => undefined}
                onAnyway={() => undefined}
                onRemove={() => undefined}
              />
            ))}
          </ul>
        </MemoryRouter>
      </Providers>,
    );
    const rows = screen.getAllByTestId('upload-row');
    expect(rows.map((r) => within(r).getByTestId('upload-status').textContent)).toEqual([
      'Pending',
      'Created',
      'Not created',
      'Failed',
      'Replaced',
      'Not created',
    ]);
    // A file not created says why, and offers no Retry (the same bytes would be refused again).
    expect(within(rows[5] as HTMLElement).getByText('Files of this type are not allowed.')).toBeInTheDocument();
    expect(within(rows[5] as HTMLElement).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(within(rows[3] as HTMLElement).getByRole('button', { name: /Retry/ })).toBeInTheDocument();
    const link = within(rows[2] as HTMLElement).getByRole('link', { name: 'Acme / Logos' });
    expect(link).toHaveAttribute('href', '/brand?folder=3');
    expect(within(rows[2] as HTMLElement).getByText(/Already in/)).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByRole('button', { name: 'Upload anyway' })).toBeInTheDocument();
    expect(within(rows[3] as HTMLElement).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(within(rows[3] as HTMLElement).getByText('Unsupported file type')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: 'Remove p.jpg' })).toBeInTheDocument();
  });

  it('counts a round by its own files: retries join it, the next round starts afresh', () => {
    let s = run([
      { type: 'added', id: 'a', name: 'a.png', size: 1 },
      { type: 'added', id: 'b', name: 'b.png', size: 1 },
      { type: 'added', id: 'c', name: 'c.png', size: 1 },
      { type: 'started' },
    ]);
    expect(roundProgress(s)).toMatchObject({ total: 3, current: 1, settled: false });
    s = run([{ type: 'result', id: 'a', result: created }], s);
    expect(roundProgress(s)).toMatchObject({ total: 3, current: 2 });
    s = run(
      [
        { type: 'error', id: 'b', message: 'Network down' },
        { type: 'retry', id: 'b' },
        { type: 'started', ids: ['b'] },
      ],
      s,
    );
    expect(roundProgress(s)).toMatchObject({ total: 3, current: 2 });
    s = run(
      [
        { type: 'result', id: 'b', result: created },
        { type: 'result', id: 'c', result: failed },
      ],
      s,
    );
    expect(roundProgress(s)).toMatchObject({ total: 3, current: 3, success: 2, failed: 1, settled: true });

    // "Upload anyway" after the round ended: a round of one, the earlier failure not told again.
    s = run(
      [{ type: 'finished' }, { type: 'added', id: 'd', name: 'd.png', size: 1 }, { type: 'started', ids: ['d'] }],
      s,
    );
    s = run([{ type: 'result', id: 'd', result: created }], s);
    expect(roundProgress(s)).toMatchObject({ total: 1, success: 1, failed: 0, settled: true });
  });

  it('offers no Retry when the content does not match the extension, and keeps it otherwise', () => {
    const mismatch: UploadResult = {
      file_name: 'photo.jpg',
      status: 'not_created',
      error: { code: 'CONTENT_MISMATCH', message: "The file's content does not match its extension." },
    };
    const s = run([
      { type: 'added', id: 'm', name: 'photo.jpg', size: 10 },
      { type: 'added', id: 'n', name: 'net.png', size: 10 },
      { type: 'added', id: 'x', name: 'x.exe', size: 10 },
      { type: 'started' },
      { type: 'result', id: 'm', result: mismatch },
      { type: 'error', id: 'n', message: 'Network down' },
      { type: 'error', id: 'x', message: 'Not allowed', code: 'EXTENSION_NOT_ALLOWED' },
    ]);
    render(
      <Providers env="test">
        <MemoryRouter>
          <ul>
            {s.items.map((item) => (
              <FileRow
                key={item.id}
                item={item}
                onRetry={() => undefined}
                onAnyway={() => undefined}
                onRemove={() => undefined}
              />
            ))}
          </ul>
        </MemoryRouter>
      </Providers>,
    );
    const [m, n, x] = screen.getAllByTestId('upload-row') as HTMLElement[];
    expect(within(m!).getByText("The file's content does not match its extension.")).toBeInTheDocument();
    expect(within(m!).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(within(m!).getByRole('button', { name: 'Remove photo.jpg' })).toBeInTheDocument();
    expect(within(n!).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(within(x!).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says which file of the round is under way on the button, in English and Spanish', async () => {
    const button = (running: boolean) => (
      <Providers env="test">
        <StartButton running={running} current={7} total={16} pending={16} blocked={false} onStart={() => undefined} />
      </Providers>
    );
    const { rerender } = render(button(false));
    expect(screen.getByRole('button', { name: 'Start upload (16)' })).toBeEnabled();
    rerender(button(true));
    expect(screen.getByRole('button', { name: 'Uploading 7 of 16' })).toBeDisabled();
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByRole('button', { name: 'Subiendo 7 de 16' })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { ImportDialog } from './ImportDialog';
import { json, stubFonts } from './testFixtures';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const sheetFile = (name = 'regions.xlsx') => new File([new Uint8Array([80, 75, 3, 4])], name, { type: XLSX });

/** Records what the dialog sends (the form's file, or the JSON text) and answers `answer`. */
function stubApi(answer: () => Response) {
  const sent: { sheet?: string; text?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.body instanceof FormData) sent.push({ sheet: (init.body.get('sheet') as File | null)?.name });
      else if (typeof init?.body === 'string') sent.push(JSON.parse(init.body) as { text: unknown });
      return answer();
    }),
  );
  return sent;
}

function renderDialog() {
  const onClose = vi.fn();
  render(
    <Providers env="test">
      <ImportDialog vocabularyId={7} kind="tree" onClose={onClose} />
    </Providers>,
  );
  return onClose;
}

describe('the vocabulary import dialog', () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    stubFonts();
  });

  it('sends a chosen xlsx as the sheet and says which rows were left out', { timeout: 60_000 }, async () => {
    const sent = stubApi(() => json(200, { added: 2, kept: 1, skipped: [{ row: 3, reason: 'gap' }] }));
    const user = userEvent.setup();
    const onClose = renderDialog();
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, sheetFile());
    expect(screen.getByText('The sheet is imported instead of the text.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ sheet: 'regions.xlsx' }]);
    expect(await screen.findByText('2 added, 1 kept. 1 row left out: 3 (a level is missing).')).toBeInTheDocument();
  });

  it('shows the server’s refusal of the file under the picker', { timeout: 60_000 }, async () => {
    const message = 'Spreadsheet must be an xlsx spreadsheet of at most 10 MB';
    stubApi(() =>
      json(422, { error: { code: 'VALIDATION_FAILED', message: 'Invalid input', fields: { sheet: message } } }),
    );
    const user = userEvent.setup();
    const onClose = renderDialog();
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, sheetFile('broken.xlsx'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GuidelineAsset, GuidelineBlock } from '@brandvault/contract';
import { Providers } from '../../../app/Providers';
import { BlockView } from './BlockView';

// pdf.js stands in as a document of three pages: jsdom draws no canvas, the pager's controls are what is checked.
const pdfjs = vi.hoisted(() => ({
  GlobalWorkerOptions: { workerSrc: '' },
  getDocument: vi.fn(),
}));
vi.mock('pdfjs-dist', () => pdfjs);

const ORIGINAL = '/api/v1/assets/7/download?sig=abc';

const asset = (download: GuidelineAsset['download']): GuidelineAsset => ({
  id: 7,
  available: true,
  name: 'brand-book.pdf',
  ext: 'pdf',
  mime: 'application/pdf',
  type: 'document',
  width: null,
  height: null,
  thumbnail_url: '/thumb/7',
  preview_url: '/preview/7',
  warning: null,
  placeholder: null,
  download,
});

const ready = { state: 'ready' as const, url: ORIGINAL, convert: false, crop_url: null, terms: [] };
const block = { id: 'b1', type: 'pdf', asset_id: 7, caption: 'Brand book' } as GuidelineBlock;

const show = (a: GuidelineAsset) =>
  render(
    <Providers env="test">
      <BlockView block={block} assets={new Map([[7, a]])} />
    </Providers>,
  );

describe('PDF block pager', () => {
  beforeEach(() => {
    pdfjs.getDocument.mockReset();
    pdfjs.getDocument.mockImplementation(() => ({
      promise: Promise.resolve({ numPages: 3, getPage: vi.fn(() => new Promise(() => {})), destroy: vi.fn() }),
      destroy: vi.fn(),
    }));
  });

  it('pages through the original, the last page without Next', async () => {
    show(asset(ready));
    // The preview shows while the document loads.
    expect(screen.getByRole('img', { name: 'Brand book' })).toHaveAttribute('src', '/preview/7');
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(pdfjs.getDocument).toHaveBeenCalledWith({ url: `${ORIGINAL}&disposition=inline`, isEvalSupported: false });
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(previous).toBeDisabled();
    await userEvent.click(next);
    await userEvent.click(next);
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(next).toBeDisabled();
    expect(previous).toBeEnabled();
    await userEvent.click(previous);
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open the PDF/ })).toBeInTheDocument();
  });

  it('keeps the first-page preview without an original to read', () => {
    show(asset({ ...ready, state: 'confirm', url: null }));
    expect(screen.getByRole('img', { name: 'Brand book' })).toHaveAttribute('src', '/preview/7');
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(pdfjs.getDocument).not.toHaveBeenCalled();
  });

  it('shows the preview and the open button when the PDF cannot be read', async () => {
    pdfjs.getDocument.mockImplementation(() => ({ promise: Promise.reject(new Error('bad pdf')), destroy: vi.fn() }));
    show(asset(ready));
    await vi.waitFor(() => expect(pdfjs.getDocument).toHaveBeenCalled());
    expect(screen.getByRole('img', { name: 'Brand book' })).toHaveAttribute('src', '/preview/7');
    expect(screen.getByRole('link', { name: /Open the PDF/ })).toBeInTheDocument();
    expect(screen.queryByText(/Page 1 of/)).not.toBeInTheDocument();
  });
});

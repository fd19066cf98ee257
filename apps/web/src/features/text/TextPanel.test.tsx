import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import i18n from '../../i18n';
import { json, stubFonts } from '../metadata/testFixtures';
import { TextBoxes } from './TextBoxes';
import { TextPanel } from './TextPanel';

const line = (text: string, y: number) => ({
  text,
  confidence: 0.97,
  box: [
    [40, y],
    [900, y],
    [900, y + 60],
    [40, y + 60],
  ],
});
const done = {
  state: 'done',
  reason: null,
  source: 'ocr',
  text: 'Harbour festival\n<b>tickets</b>',
  pages: [
    {
      page: 1,
      text: 'Harbour festival\n<b>tickets</b>',
      width: 1200,
      height: 400,
      lines: [line('Harbour festival', 100), line('<b>tickets</b>', 200)],
    },
  ],
};

/** The text API in memory: asset 5 answers `answer`. */
function stubApi(answer: object) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url === '/api/ops/asset/5/text') return json(200, { text: answer });
      return json(404, { error: { status: 404, code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  return calls;
}

/** The panel beside a picture, as the asset page places them. */
function Page() {
  const [boxes, setBoxes] = useState(false);
  const [img, setImg] = useState<HTMLImageElement | null>(null);
  return (
    <div style={{ position: 'relative' }}>
      <img ref={(el) => void (el && setImg(el))} alt="poster" src="data:image/png;base64," />
      {boxes && <TextBoxes assetId={5} image={img} />}
      <TextPanel assetId={5} assetName="poster-one.png" showBoxes={boxes} onShowBoxes={setBoxes} />
    </div>
  );
}
const renderPage = () =>
  render(
    <Providers env="test">
      <MemoryRouter>
        <Page />
      </MemoryRouter>
    </Providers>,
  );

describe('the asset page\'s "Text found in this file" panel', () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    stubFonts();
  });

  it('shows the text as text, with copy, download and the boxes over the picture', { timeout: 30_000 }, async () => {
    await i18n.changeLanguage('en');
    stubApi(done);
    renderPage();
    const shown = await screen.findByTestId('found-text');
    expect(shown.textContent).toBe('Harbour festival\n<b>tickets</b>');
    expect(shown.querySelector('b')).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy text' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download .txt' })).toBeInTheDocument();
    expect(screen.queryByTestId('text-boxes')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Show boxes' }));
    const boxes = await screen.findByRole('img', { name: '2 lines of text marked on the picture' });
    expect(boxes).toHaveAttribute('viewBox', '0 0 1200 400');
    expect(boxes.querySelectorAll('polygon')).toHaveLength(2);
  });

  it('says the text is being read, or why it could not be', { timeout: 30_000 }, async () => {
    await i18n.changeLanguage('en');
    stubApi({ state: 'pending', reason: null, source: 'ocr', text: '', pages: [] });
    const { unmount } = renderPage();
    expect(await screen.findByText('Reading text…')).toBeInTheDocument();
    unmount();
    stubApi({ state: 'failed', reason: 'cannot decode image: bad header', source: 'ocr', text: '', pages: [] });
    const { unmount: unmount2 } = renderPage();
    expect(await screen.findByText('The text of this file could not be read.')).toBeInTheDocument();
    expect(screen.queryByText(/bad header/)).not.toBeInTheDocument();
    unmount2();
    // Turned off for the brand: said in the reader's language, not as the stored note.
    await i18n.changeLanguage('es');
    stubApi({ state: 'skipped', reason: 'turned off', source: 'ocr', text: '', pages: [] });
    renderPage();
    expect(
      await screen.findByText('La lectura de texto está desactivada en esta marca o instalación.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/turned off/)).not.toBeInTheDocument();
  });

  it('says when no text was found, and hides itself for files whose text is never read', async () => {
    await i18n.changeLanguage('en');
    stubApi({ ...done, text: '', pages: [{ ...done.pages[0], text: '', lines: [] }] });
    const { unmount } = renderPage();
    expect(await screen.findByText('No text found.')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    unmount();
    const calls = stubApi({ state: 'none', reason: null, source: null, text: '', pages: [] });
    renderPage();
    await vi.waitFor(() => expect(calls).toContain('GET /api/ops/asset/5/text'));
    await vi.waitFor(() => expect(screen.queryByText('Loading…')).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Text found in this file' })).not.toBeInTheDocument();
  });

  it('speaks Spanish', { timeout: 30_000 }, async () => {
    await i18n.changeLanguage('es');
    stubApi(done);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Texto encontrado en este archivo' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Copiar texto' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Mostrar recuadros' })).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });
});

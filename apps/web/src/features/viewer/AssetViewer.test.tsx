import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssetCard } from '@brandvault/contract';
import { MemoryRouter } from 'react-router';
import { Providers } from '../../app/Providers';
import i18n from '../../i18n';
import { useSession } from '../../state/session';
import { assetCard, assetView, loginAnswer } from '../../test/fixtures';
import { AssetViewer } from './AssetViewer';
import type { AssetViewerProps } from './AssetViewer';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const card = assetCard;

const view = assetView;

function stubApi(items: AssetCard[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const m = /\/api\/ops\/asset\/(\d+)\/view$/.exec(String(input));
      const found = m && items.find((a) => a.id === Number(m[1]));
      return found ? json(200, { asset: view(found) }) : json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
}

/** The viewer with its index kept in state, as a list page would. */
function Harness(props: Partial<AssetViewerProps> & { items: AssetCard[]; start?: number | null }) {
  const { start = 0, ...rest } = props;
  const [index, setIndex] = useState<number | null>(start);
  return (
    <AssetViewer index={index} onIndexChange={setIndex} onClose={() => setIndex(null)} {...rest} items={props.items} />
  );
}

function renderViewer(node: React.ReactNode) {
  return render(
    <Providers env="test">
      <MemoryRouter>{node}</MemoryRouter>
    </Providers>,
  );
}

const images = [card(1), card(2), card(3)];

describe('AssetViewer', () => {
  beforeEach(() => stubApi([...images, card(4)]));
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('zooms in steps of 0.1 and disables zoom out at 50 % and zoom in at 150 %', async () => {
    const user = userEvent.setup();
    renderViewer(<Harness items={images} />);
    const dialog = await screen.findByRole('dialog', { name: 'photo-1.jpg' });
    const zoomIn = within(dialog).getByRole('button', { name: 'Zoom in' });
    const zoomOut = within(dialog).getByRole('button', { name: 'Zoom out' });
    const reset = within(dialog).getByRole('button', { name: 'Reset zoom' });
    const img = within(dialog).getByRole('img', { name: 'photo-1.jpg' });
    expect(img).toHaveAttribute('src', '/api/media/derivatives/1/preview.webp');
    expect(reset).toHaveTextContent('100%');

    for (const expected of ['1.1', '1.2', '1.3', '1.4']) {
      await user.click(zoomIn);
      expect(img).toHaveAttribute('data-scale', expected);
      expect(zoomIn).toBeEnabled();
    }
    await user.click(zoomIn);
    expect(img).toHaveAttribute('data-scale', '1.5');
    expect(reset).toHaveTextContent('150%');
    expect(zoomIn).toBeDisabled();
    expect(img.style.transform).toContain('scale(1.5)');

    await user.click(reset);
    expect(img).toHaveAttribute('data-scale', '1');
    for (const expected of ['0.9', '0.8', '0.7', '0.6']) {
      await user.click(zoomOut);
      expect(img).toHaveAttribute('data-scale', expected);
      expect(zoomOut).toBeEnabled();
    }
    await user.click(zoomOut);
    expect(img).toHaveAttribute('data-scale', '0.5');
    expect(reset).toHaveTextContent('50%');
    expect(zoomOut).toBeDisabled();
    expect(zoomIn).toBeEnabled();
  });

  it('zooms with the + and − keys', async () => {
    const user = userEvent.setup();
    renderViewer(<Harness items={images} />);
    const img = await screen.findByRole('img', { name: 'photo-1.jpg' });
    await user.keyboard('+++');
    expect(img).toHaveAttribute('data-scale', '1.3');
    await user.keyboard('-');
    expect(img).toHaveAttribute('data-scale', '1.2');
  });

  it('zooms with a two-finger pinch and with the wheel, one 0.1 step at a time', async () => {
    renderViewer(<Harness items={images} />);
    const img = await screen.findByRole('img', { name: 'photo-1.jpg' });
    const stage = img.closest('[data-type]')!;
    const touch = (type: string, pointerId: number, clientX: number) =>
      fireEvent(
        stage,
        Object.assign(new MouseEvent(type, { bubbles: true, clientX, clientY: 100 }), {
          pointerId,
          pointerType: 'touch',
        }),
      );
    touch('pointerdown', 1, 100);
    touch('pointerdown', 2, 200);
    // 100 px apart, then 120 and 140: two steps in.
    touch('pointermove', 2, 220);
    touch('pointermove', 2, 240);
    expect(img).toHaveAttribute('data-scale', '1.2');
    // Back to 100 px: two steps out.
    touch('pointermove', 2, 220);
    touch('pointermove', 2, 200);
    expect(img).toHaveAttribute('data-scale', '1');
    touch('pointerup', 2, 200);
    touch('pointerup', 1, 100);
    fireEvent.wheel(stage, { deltaY: -100, ctrlKey: true });
    expect(img).toHaveAttribute('data-scale', '1.1');
    // A plain wheel notch zooms too, a step at a time, from every level up to 150 %.
    for (const scale of ['1.2', '1.3', '1.4', '1.5']) {
      fireEvent.wheel(stage, { deltaY: -100 });
      expect(img).toHaveAttribute('data-scale', scale);
    }
    // A trackpad pinch's many small events add up to one step each 50 px, none skipped.
    for (let i = 0; i < 4; i++) fireEvent.wheel(stage, { deltaY: 12, ctrlKey: true });
    expect(img).toHaveAttribute('data-scale', '1.5');
    fireEvent.wheel(stage, { deltaY: 12, ctrlKey: true });
    expect(img).toHaveAttribute('data-scale', '1.4');
    for (let i = 0; i < 5; i++) fireEvent.wheel(stage, { deltaY: 10, ctrlKey: true });
    expect(img).toHaveAttribute('data-scale', '1.3');
  });

  /** jsdom lays nothing out: give the picture its fitted (client) and its own (natural) size. */
  function lay(img: HTMLElement, fitted: [number, number], natural: [number, number]) {
    const sizes = {
      clientWidth: fitted[0],
      clientHeight: fitted[1],
      naturalWidth: natural[0],
      naturalHeight: natural[1],
    };
    for (const [key, value] of Object.entries(sizes)) Object.defineProperty(img, key, { configurable: true, value });
  }

  it("shows an image at the original's actual pixels with 100 % and fits it again with Fit", async () => {
    const user = userEvent.setup();
    // CSS pixels are what count: a high-density screen changes nothing.
    vi.stubGlobal('devicePixelRatio', 2);
    // The original is 1600 × 900; its preview (800 × 450) is fitted at 700 × 393.75.
    renderViewer(<Harness items={images} />);
    const dialog = await screen.findByRole('dialog', { name: 'photo-1.jpg' });
    const img = within(dialog).getByRole('img', { name: 'photo-1.jpg' });
    lay(img, [700, 393.75], [800, 450]);
    const fit = within(dialog).getByRole('button', { name: 'Fit to screen' });
    const actual = within(dialog).getByRole('button', { name: 'Actual size (100 %)' });
    expect(fit).toHaveTextContent('Fit');
    expect(actual).toHaveTextContent('100 %');
    expect(fit).toHaveAttribute('aria-pressed', 'true');
    expect(actual).toHaveAttribute('aria-pressed', 'false');

    await user.click(actual);
    // 700 CSS px × scale = 1600 px of the original.
    const scale = () => Number(img.getAttribute('data-scale'));
    expect(scale()).toBeCloseTo(1600 / 700, 6);
    expect(700 * scale()).toBeCloseTo(1600, 6);
    expect(img.style.transform).toContain(`scale(${1600 / 700})`);
    expect(within(dialog).getByTestId('viewer-zoom')).toHaveTextContent('229%');
    expect(actual).toHaveAttribute('aria-pressed', 'true');
    expect(fit).toHaveAttribute('aria-pressed', 'false');

    // Past 150 %, so zooming in stops there; zooming out steps back onto the 0.1 grid.
    const zoomIn = within(dialog).getByRole('button', { name: 'Zoom in' });
    expect(zoomIn).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Zoom out' }));
    expect(img).toHaveAttribute('data-scale', '2.2');
    expect(actual).toHaveAttribute('aria-pressed', 'false');

    // Drag to pan, then Fit: back to the whole picture, centred.
    const stage = img.closest('[data-type]')!;
    const mouse = (type: string, clientX: number, clientY: number) =>
      fireEvent(
        stage,
        Object.assign(new MouseEvent(type, { bubbles: true, button: 0, clientX, clientY }), {
          pointerId: 7,
          pointerType: 'mouse',
        }),
      );
    mouse('pointerdown', 100, 100);
    mouse('pointermove', 160, 70);
    mouse('pointerup', 160, 70);
    expect(img.style.transform).toContain('translate(60px, -30px)');

    await user.click(fit);
    expect(img).toHaveAttribute('data-scale', '1');
    expect(img.style.transform).toContain('translate(0px, 0px)');
    expect(fit).toHaveAttribute('aria-pressed', 'true');
    expect(stage).not.toHaveAttribute('data-pannable');

    // The keys: 1 for actual size, 0 to fit.
    await user.keyboard('1');
    expect(scale()).toBeCloseTo(1600 / 700, 6);
    await user.keyboard('0');
    expect(img).toHaveAttribute('data-scale', '1');
  });

  it("uses the shown picture's own pixels for 100 % when the original's size is unknown", async () => {
    const user = userEvent.setup();
    const unknown = card(5, { width: null, height: null });
    stubApi([unknown]);
    renderViewer(<Harness items={[unknown]} />);
    const img = await screen.findByRole('img', { name: 'photo-5.jpg' });
    // A portrait picture, 1200 × 1600, fitted at 450 × 600.
    lay(img, [450, 600], [1200, 1600]);
    await user.click(screen.getByRole('button', { name: 'Actual size (100 %)' }));
    expect(Number(img.getAttribute('data-scale'))).toBeCloseTo(1600 / 600, 6);
    // Ctrl + wheel steps back onto the 0.1 grid from there.
    fireEvent.wheel(img.closest('[data-type]')!, { deltaY: 100, ctrlKey: true });
    expect(img).toHaveAttribute('data-scale', '2.6');
  });

  it('offers Fit and 100 % for images only, in both languages', async () => {
    const pdf = card(11, { name: 'guide.pdf', ext: 'pdf', mime: 'application/pdf', type: 'document' });
    const clip = card(9, { name: 'launch.mp4', ext: 'mp4', mime: 'video/mp4', type: 'video' });
    stubApi([pdf, clip, card(1)]);
    const { unmount } = renderViewer(<Harness items={[pdf, clip]} />);
    const dialog = await screen.findByRole('dialog', { name: 'guide.pdf' });
    await within(dialog).findByRole('img', { name: 'guide.pdf' });
    // A PDF page still zooms, but has no actual size of its own.
    expect(within(dialog).getByRole('button', { name: 'Zoom in' })).toBeEnabled();
    expect(within(dialog).queryByRole('button', { name: 'Fit to screen' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Actual size (100 %)' })).toBeNull();
    await userEvent.setup().keyboard('{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: 'launch.mp4' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fit to screen' })).toBeNull();
    unmount();

    await i18n.changeLanguage('es');
    renderViewer(<Harness items={[card(1)]} />);
    const es = await screen.findByRole('dialog', { name: 'photo-1.jpg' });
    expect(within(es).getByRole('button', { name: 'Ajustar a la pantalla' })).toHaveTextContent('Ajustar');
    expect(within(es).getByRole('button', { name: 'Tamaño real (100 %)' })).toHaveTextContent('100 %');
  });

  it('rotates in quarter turns', async () => {
    const user = userEvent.setup();
    renderViewer(<Harness items={images} />);
    const img = await screen.findByRole('img', { name: 'photo-1.jpg' });
    const rotate = screen.getByRole('button', { name: 'Rotate' });
    expect(img).toHaveAttribute('data-rotation', '0');
    await user.click(rotate);
    expect(img).toHaveAttribute('data-rotation', '90');
    expect(img.style.transform).toContain('rotate(90deg)');
    await user.click(rotate);
    await user.click(rotate);
    await user.click(rotate);
    expect(img).toHaveAttribute('data-rotation', '0');
  });

  it('moves with the arrow keys, resets zoom and rotation, and stops at the first item', async () => {
    const user = userEvent.setup();
    const onIndexChange = vi.fn();
    function Spy() {
      const [index, setIndex] = useState<number | null>(1);
      return (
        <AssetViewer
          items={images}
          index={index}
          onIndexChange={(i) => (onIndexChange(i), setIndex(i))}
          onClose={() => setIndex(null)}
        />
      );
    }
    renderViewer(<Spy />);
    const dialog = await screen.findByRole('dialog', { name: 'photo-2.jpg' });
    expect(within(dialog).getByText('2 / 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await user.click(screen.getByRole('button', { name: 'Rotate' }));

    await user.keyboard('{ArrowRight}');
    expect(onIndexChange).toHaveBeenLastCalledWith(2);
    const img = await screen.findByRole('img', { name: 'photo-3.jpg' });
    expect(img).toHaveAttribute('data-scale', '1');
    expect(img).toHaveAttribute('data-rotation', '0');
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    // The last item without more to load: next is disabled and the arrow does nothing.
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.keyboard('{ArrowRight}');
    expect(onIndexChange).toHaveBeenCalledTimes(1);

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(await screen.findByRole('img', { name: 'photo-1.jpg' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.keyboard('{ArrowLeft}');
    expect(onIndexChange.mock.calls.map((c) => c[0])).toEqual([2, 1, 0]);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('img', { name: 'photo-2.jpg' })).toBeInTheDocument();
  });

  it('asks for more at the last loaded item and moves on when they arrive', async () => {
    const user = userEvent.setup();
    const onLoadMore = vi.fn();
    function Paged() {
      const [items, setItems] = useState(images);
      const [index, setIndex] = useState<number | null>(2);
      return (
        <AssetViewer
          items={items}
          index={index}
          onIndexChange={setIndex}
          onClose={() => setIndex(null)}
          hasMore={items.length < 4}
          onLoadMore={() => {
            onLoadMore();
            setTimeout(() => setItems([...images, card(4)]), 0);
          }}
        />
      );
    }
    renderViewer(<Paged />);
    await screen.findByRole('img', { name: 'photo-3.jpg' });
    expect(screen.getByText('3 / 3+')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    await user.keyboard('{ArrowRight}');
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('img', { name: 'photo-4.jpg' })).toBeInTheDocument();
    expect(screen.getByText('4 / 4')).toBeInTheDocument();
  });

  it("gives the position within the search's whole total, capped or exact, not only what is loaded", async () => {
    const { rerender } = renderViewer(
      <Harness items={images} start={1} hasMore total={{ count: 10000, capped: true }} />,
    );
    await screen.findByRole('img', { name: 'photo-2.jpg' });
    expect(screen.getByText('2 / 10,000+')).toBeInTheDocument();
    rerender(
      <Providers env="test">
        <MemoryRouter>
          <Harness items={images} start={1} hasMore total={{ count: 5297, capped: false }} />
        </MemoryRouter>
      </Providers>,
    );
    expect(await screen.findByText('2 / 5,297')).toBeInTheDocument();
  });

  it('closes with Escape and with the close button', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { rerender } = renderViewer(
      <AssetViewer items={images} index={0} onIndexChange={() => undefined} onClose={onClose} />,
    );
    await screen.findByRole('dialog', { name: 'photo-1.jpg' });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    rerender(
      <Providers env="test">
        <MemoryRouter>
          <AssetViewer items={images} index={null} onIndexChange={() => undefined} onClose={onClose} />
        </MemoryRouter>
      </Providers>,
    );
    await act(async () => undefined);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps focus inside while open and gives it back to the opener on close', async () => {
    const user = userEvent.setup();
    function Opener() {
      const [index, setIndex] = useState<number | null>(null);
      return (
        <>
          <button type="button" onClick={() => setIndex(0)}>
            Open viewer
          </button>
          <AssetViewer items={images} index={index} onIndexChange={setIndex} onClose={() => setIndex(null)} />
        </>
      );
    }
    renderViewer(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open viewer' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'photo-1.jpg' });
    await vi.waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    for (let i = 0; i < 15; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await vi.waitFor(() => expect(opener).toHaveFocus());
  });

  it('plays a video from the original file with the preview as poster', async () => {
    const clip = card(9, {
      name: 'launch.mp4',
      ext: 'mp4',
      mime: 'video/mp4',
      type: 'video',
      duration_seconds: 12,
    });
    stubApi([clip]);
    renderViewer(<Harness items={[clip]} />);
    const dialog = await screen.findByRole('dialog', { name: 'launch.mp4' });
    const video = await within(dialog).findByLabelText('launch.mp4', { selector: 'video' });
    expect(video).toHaveAttribute('src', '/api/ops/asset/9/download?exp=1&sig=abc');
    expect(video).toHaveAttribute('poster', '/api/media/derivatives/9/preview.webp');
    expect(video).toHaveAttribute('controls');
    expect(within(dialog).getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      '/api/ops/asset/9/download?exp=1&sig=abc',
    );
    // Zooming and turning a playing video is not offered.
    expect(within(dialog).getByRole('button', { name: 'Zoom in' })).toBeDisabled();
  });

  it('plays the proxy of a video once made, and the original when the proxy fails to load', async () => {
    const clip = card(9, {
      name: 'launch.mov',
      ext: 'mov',
      mime: 'video/quicktime',
      type: 'video',
      proxy_state: 'ready',
      proxy_url: '/api/media/derivatives/9/1/proxy.mp4?exp=1&sig=p',
    });
    stubApi([clip]);
    renderViewer(<Harness items={[clip]} />);
    const dialog = await screen.findByRole('dialog', { name: 'launch.mov' });
    const video = await within(dialog).findByLabelText('launch.mov', { selector: 'video' });
    expect(video).toHaveAttribute('src', '/api/media/derivatives/9/1/proxy.mp4?exp=1&sig=p');
    fireEvent.error(video);
    await vi.waitFor(() =>
      expect(within(dialog).getByLabelText('launch.mov', { selector: 'video' })).toHaveAttribute(
        'src',
        '/api/ops/asset/9/download?exp=1&sig=abc',
      ),
    );
  });

  it('says a playable copy is on its way for a video the browser cannot play yet', async () => {
    const clip = card(9, {
      name: 'old.avi',
      ext: 'avi',
      mime: 'video/x-msvideo',
      type: 'video',
      proxy_state: 'pending',
    });
    stubApi([clip]);
    renderViewer(<Harness items={[clip]} />);
    const dialog = await screen.findByRole('dialog', { name: 'old.avi' });
    expect(await within(dialog).findByText(/Preparing a version of this video/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('old.avi', { selector: 'video' })).toBeNull();
  });

  it('plays audio in place', async () => {
    const song = card(10, { name: 'jingle.mp3', ext: 'mp3', mime: 'audio/mpeg', type: 'audio', preview_url: null });
    stubApi([song]);
    renderViewer(<Harness items={[song]} />);
    const audio = await screen.findByLabelText<HTMLAudioElement>('jingle.mp3', { selector: 'audio' });
    expect(audio).toHaveAttribute('src', '/api/ops/asset/10/download?exp=1&sig=abc');
    // The hint names the player's keys, not the picture's, and Space plays and pauses.
    expect(screen.getByText('← → to move · Space to play or pause · Esc to close')).toBeInTheDocument();
    const play = vi.spyOn(audio, 'play').mockResolvedValue(undefined);
    // Focus starts on the stage, not on a toolbar button that Space would press.
    await vi.waitFor(() => expect(audio.closest('[data-type]')).toHaveFocus());
    await userEvent.setup().keyboard(' ');
    expect(play).toHaveBeenCalledOnce();
  });

  it('shows the first page of a PDF and opens the whole file in a new tab', async () => {
    const pdf = card(11, { name: 'guide.pdf', ext: 'pdf', mime: 'application/pdf', type: 'document' });
    stubApi([pdf]);
    renderViewer(<Harness items={[pdf]} />);
    expect(await screen.findByRole('img', { name: 'guide.pdf' })).toHaveAttribute(
      'src',
      '/api/media/derivatives/11/preview.webp',
    );
    const open = await screen.findByRole('link', { name: 'Open PDF' });
    await vi.waitFor(() =>
      expect(open).toHaveAttribute('href', expect.stringContaining('/api/ops/asset/11/download?')),
    );
    expect(open).toHaveAttribute('target', '_blank');
  });

  it('shows the type icon, name, size and download for other files', async () => {
    const zip = card(12, {
      name: 'fonts.zip',
      ext: 'zip',
      mime: 'application/zip',
      type: 'other',
      preview_url: null,
      thumbnail_url: null,
      derivatives: 'none',
    });
    stubApi([zip]);
    renderViewer(<Harness items={[zip]} />);
    const dialog = await screen.findByRole('dialog', { name: 'fonts.zip' });
    expect(within(dialog).getByText('No preview for this file type')).toBeInTheDocument();
    expect(within(dialog).getAllByText(/200 kB/).length).toBeGreaterThan(0);
    expect(await within(dialog).findAllByRole('link', { name: 'Download' })).toHaveLength(2);
    expect(within(dialog).getByText('← → to move · Esc to close')).toBeInTheDocument();
  });

  it('names the keys an image answers to, and keeps secondary actions under "⋯"', async () => {
    const user = userEvent.setup();
    renderViewer(<Harness items={images} />);
    const dialog = await screen.findByRole('dialog', { name: 'photo-1.jpg' });
    expect(
      within(dialog).getByText('← → to move · + − to zoom · 0 to fit · 1 for actual size · R to rotate · Esc to close'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Open details' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'More actions' }));
    expect(await within(dialog).findByRole('menuitem', { name: 'Open details' })).toHaveAttribute(
      'href',
      '/brand/asset/1',
    );
  });

  it('hides download without the ability and speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    const locked = card(1, { abilities: { ...card(1).abilities, download: false } });
    renderViewer(<Harness items={[locked, card(2)]} />);
    const dialog = await screen.findByRole('dialog', { name: 'photo-1.jpg' });
    expect(within(dialog).getByRole('button', { name: 'Acercar' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Descargar' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Descargar' })).toBeNull();
  });
});

describe('AssetViewer comments', () => {
  beforeEach(() => {
    useSession.getState().signIn({ ...loginAnswer, permissions: [{ name: 'comment.create' }] });
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
  });
  afterEach(() => useSession.getState().reset());

  it('opens the comments tab, places a point and sends it with the comment; Escape puts the tool down', async () => {
    const posted: unknown[] = [];
    const thread = {
      id: 10,
      asset_id: 1,
      parent_id: null,
      version: 1,
      author: { id: 2, name: 'Grace Hopper' },
      body: 'Logo too small',
      mentions: [],
      notify_users: [],
      annotation: { kind: 'point', x: 0.5, y: 0.5 },
      resolved_at: null,
      resolved_by: null,
      created_at: '2026-11-20T10:00:00.000Z',
      edited_at: null,
      abilities: { edit: false, remove: false, resolve: true, reply: true },
      replies: [],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url.endsWith('/api/ops/asset/1/view')) return json(200, { asset: view(card(1)) });
        if (url.startsWith('/api/ops/asset/1/comment/list'))
          return json(200, { items: [thread], total: 1, page: 1, per_page: 200, open_threads: 1, can_comment: true });
        if (url === '/api/ops/asset/1/comment/add') {
          posted.push(JSON.parse(String(init?.body)));
          return json(201, { comment: { ...thread, id: 11 } });
        }
        return json(404, { error: { status: 404, code: 'NOT_FOUND', message: 'x' } });
      }),
    );
    const user = userEvent.setup();
    renderViewer(<Harness items={[card(1)]} />);
    const dialog = await screen.findByRole('dialog', { name: 'photo-1.jpg' });
    // The marker shows before the panel opens; picking it opens the comments.
    await user.click(await within(dialog).findByRole('button', { name: 'Annotation 1' }));
    expect(await within(dialog).findByRole('tab', { name: 'Comments (1)' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByText('Logo too small').closest('article')).toHaveAttribute('aria-current', 'true');

    const point = within(dialog).getByRole('button', { name: 'Point annotation' });
    await user.click(point);
    expect(point).toHaveAttribute('aria-pressed', 'true');
    // Escape puts the tool down and leaves the viewer open.
    await user.keyboard('{Escape}');
    expect(point).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('dialog', { name: 'photo-1.jpg' })).toBeInTheDocument();

    await user.keyboard('p');
    expect(point).toHaveAttribute('aria-pressed', 'true');
    // jsdom has no PointerEvent: a mouse event with a pointer id stands in.
    vi.stubGlobal(
      'PointerEvent',
      class extends MouseEvent {
        pointerId: number;
        constructor(type: string, init: PointerEventInit = {}) {
          super(type, init);
          this.pointerId = init.pointerId ?? 1;
        }
      },
    );
    const layer = within(dialog).getByTestId('annotation-layer');
    fireEvent.pointerDown(layer, { button: 0, pointerId: 1, clientX: 0, clientY: 0 });
    expect(await within(dialog).findByText('Point attached')).toBeInTheDocument();
    expect(point).toHaveAttribute('aria-pressed', 'false');

    await user.type(within(dialog).getByRole('textbox', { name: 'Comment' }), 'Here');
    await user.click(within(dialog).getByRole('button', { name: 'Post comment' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      body: 'Here',
      annotation: { kind: 'point', x: 0.5, y: 0.5 },
      version: 1,
      notify_user_ids: [],
    });
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalysisAnswer } from '@brandvault/contract';
import i18n from '../../i18n';
import { useSession } from '../../state/session';
import { brand, loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { json, stubFonts } from '../metadata/testFixtures';

const brandManager = { ...loginAnswer, permissions: [...loginAnswer.permissions, { name: 'brand.manage' as const }] };

const answer = (over: Partial<AnalysisAnswer> = {}): AnalysisAnswer => ({
  settings: { text: true, objects: true, faces: false, colours: true, object_threshold: 0.5 },
  installation: ['text', 'objects', 'faces', 'colours'],
  analyses: [{ kind: 'colours', running: true, done: 40, pending: 12, failed: 1, skipped: 2 }],
  ...over,
});

/** The analysis API in memory: PUT answers with the settings sent; the first `fail` GETs break (5xx is retried once). */
function stubApi(first: AnalysisAnswer, fail = 0) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  let current = first;
  let refuse = fail;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      if (url.startsWith(`/api/ops/brand/${brand.id}/analysis`)) sent.push({ method, url, body });
      if (url === `/api/ops/brand/${brand.id}/analysis` && method === 'GET') {
        if (refuse > 0) {
          refuse -= 1;
          return json(500, { error: { status: 500, code: 'INTERNAL', message: 'Broken' } });
        }
        return json(200, current);
      }
      if (url === `/api/ops/brand/${brand.id}/analysis` && method === 'PUT') {
        current = { ...current, settings: { ...current.settings, ...(body as object) } };
        return json(200, current);
      }
      if (url === `/api/ops/brand/${brand.id}/analysis/backfill`) return json(202, { job_id: 5, total: 12 });
      if (url.startsWith('/api/jobs')) return json(200, { items: [] });
      // The settings page's other sections, which this brand manager may not change.
      if (url === `/api/ops/brand/${brand.id}/crop/presets`)
        return json(200, { brand_id: brand.id, presets: [], abilities: { update: false } });
      if (url === `/api/ops/brand/${brand.id}/watermark`) return json(200, { watermark: watermark(false) });
      if (url === '/api/ops/notification/unread') return json(200, { unread: 0 });
      return json(200, {
        session_user: brandManager.session_user,
        permissions: brandManager.permissions,
        emulator: brandManager.emulator,
        favorites_id: brandManager.favorites_id,
      });
    }),
  );
  return sent;
}

function watermark(update: boolean) {
  return {
    brand_id: brand.id,
    image_url: null,
    position: 'tiled',
    opacity: 40,
    scale: 30,
    apply_to_guests: true,
    traceable: false,
    version: 1,
    updated_at: null,
    abilities: { update },
  };
}

describe('the Smart search section of the brand settings', () => {
  beforeEach(async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    stubFonts();
    await i18n.changeLanguage('en');
    useSession.getState().reset();
    useSession.getState().signIn(brandManager);
    useSession.getState().selectBrand(brand);
  });
  afterEach(() => useSession.getState().reset());

  it('turns an analysis off, moves the threshold, and saves both', { timeout: 60_000 }, async () => {
    const sent = stubApi(answer());
    const user = userEvent.setup();
    // Its former address leads to the section.
    const { router } = renderApp('/brand/smart-search');
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand/settings/smart-search'));
    // The only section this manager may change: the one tab.
    expect(await screen.findByRole('tab', { name: 'Smart search' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Watermark' })).toBeNull();
    const text = await screen.findByRole('switch', { name: /Text in images and documents/ });
    expect(text).toBeChecked();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.click(text);
    const slider = screen.getByRole('slider', { name: 'Object label threshold' });
    slider.focus();
    await user.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '55');
    await user.click(save);
    await waitFor(() => expect(sent.some((s) => s.method === 'PUT')).toBe(true));
    expect(sent.find((s) => s.method === 'PUT')?.body).toEqual({
      text: false,
      objects: true,
      colours: true,
      object_threshold: 0.55,
    });
    expect(await screen.findByText('The smart search settings were saved.')).toBeInTheDocument();
    // Faces are the people screen's: shown, linked, never sent from here.
    expect(screen.getByRole('link', { name: 'Manage people and faces' })).toHaveAttribute('href', '/brand/people');
  });

  it('shows each analysis’ counts and starts the backfill', { timeout: 60_000 }, async () => {
    const sent = stubApi(answer());
    const user = userEvent.setup();
    renderApp('/brand/settings/smart-search');
    const table = await screen.findByRole('table', { name: 'Progress in this brand' });
    const row = within(table).getByRole('row', { name: /Colours and look-alikes/ });
    expect(row).toHaveTextContent('40');
    expect(row).toHaveTextContent('12');
    await user.click(screen.getByRole('button', { name: 'Analyse existing files' }));
    expect(await screen.findByText('Analysing 12 files. Progress shows in the jobs menu.')).toBeInTheDocument();
    expect(sent.map((s) => `${s.method} ${s.url}`)).toContain(`POST /api/ops/brand/${brand.id}/analysis/backfill`);
  });

  it('disables what the installation does not run, with a note', { timeout: 60_000 }, async () => {
    stubApi(answer({ installation: ['text'] }));
    renderApp('/brand/settings/smart-search');
    const colours = await screen.findByRole('switch', { name: /Colours and look-alikes/ });
    expect(colours).toBeDisabled();
    expect(colours).not.toBeChecked();
    expect(screen.getAllByText(/This installation does not run this analysis/)).toHaveLength(2);
    expect(screen.getByRole('switch', { name: /Text in images/ })).toBeEnabled();
  });

  it('offers to try again when the settings fail to load, and speaks Spanish', { timeout: 60_000 }, async () => {
    await i18n.changeLanguage('es');
    stubApi(answer(), 2);
    const user = userEvent.setup();
    renderApp('/brand/settings/smart-search');
    await user.click(await screen.findByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('switch', { name: /Texto en imágenes y documentos/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Analizar los archivos existentes' })).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });
});

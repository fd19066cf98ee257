import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FolderCard } from '@brandvault/contract';
import { Providers } from '../../app/Providers';
import i18n from '../../i18n';
import { FolderFormModal } from './FolderFormModal';

describe('FolderFormModal', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('starts Public and shows the required name in Spanish when the language is es', async () => {
    await i18n.changeLanguage('es');
    const user = userEvent.setup();
    render(
      <Providers env="test">
        <FolderFormModal mode={{ kind: 'create', brandId: 7, parentId: 1 }} onClose={() => undefined} />
      </Providers>,
    );
    expect(await screen.findByRole('dialog', { name: 'Nueva carpeta' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Crear carpeta' }));
    expect(await screen.findByText('El campo Nombre es obligatorio')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Pública/ })).toBeChecked();
    expect(screen.queryByText('El campo Visibilidad es obligatorio')).toBeNull();
  });

  it('words the maximum length like the server (510 characters)', async () => {
    const user = userEvent.setup();
    render(
      <Providers env="test">
        <FolderFormModal mode={{ kind: 'create', brandId: 7, parentId: 1 }} onClose={() => undefined} />
      </Providers>,
    );
    const name = await screen.findByRole('textbox', { name: /Folder name/ });
    await user.click(name);
    await user.paste('x'.repeat(511));
    await user.click(screen.getByRole('radio', { name: /Private/ }));
    await user.click(screen.getByRole('button', { name: 'Create folder' }));
    expect(await screen.findByText('Name must be at most 510 characters')).toBeInTheDocument();
  });

  describe('picture', () => {
    const folder: FolderCard = {
      id: 12,
      brand_id: 7,
      parent_id: 1,
      name: 'Campaign',
      visibility: 'PUBLIC',
      image_uri: '/api/media/folders/a/image.webp?sig=1',
      is_root: false,
      updated_at: '2026-11-20T10:00:00.000Z',
      abilities: { update: true, move: true, remove: true, create_folder: true, upload: true },
    };
    const answer = {
      folder: { ...folder, status: 'ACTIVE', created_at: folder.updated_at, breadcrumbs: [], children: [] },
    };
    function stubFetch() {
      const sent: { url: string; body: unknown }[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
          sent.push({ url: String(input), body: init?.body });
          return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
        }),
      );
      return sent;
    }
    afterEach(() => vi.unstubAllGlobals());

    it('sends a chosen picture with its crop as multipart on rename', async () => {
      const sent = stubFetch();
      const user = userEvent.setup();
      const onClose = vi.fn();
      render(
        <Providers env="test">
          <FolderFormModal mode={{ kind: 'rename', folder }} onClose={onClose} />
        </Providers>,
      );
      await screen.findByRole('dialog', { name: 'Rename folder' });
      // The saved picture shows until it is replaced.
      expect(screen.getByText('Folder picture')).toBeInTheDocument();
      expect(document.querySelector(`img[src="${folder.image_uri}"]`)).not.toBeNull();
      const png = new File([new Uint8Array([137, 80, 78, 71])], 'cover.png', { type: 'image/png' });
      await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, png);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
      const update = sent.find((s) => s.url.endsWith('/api/ops/folder/12/update'))!;
      expect(update.body).toBeInstanceOf(FormData);
      const form = update.body as FormData;
      expect((form.get('image') as File).name).toBe('cover.png');
      expect(JSON.parse(form.get('image_crop') as string)).toMatchObject({ x: 0, y: 0 });
      expect(form.get('name')).toBe('Campaign');
      expect(form.get('remove_image')).toBeNull();
    });

    it('removes the saved picture', async () => {
      const sent = stubFetch();
      const user = userEvent.setup();
      render(
        <Providers env="test">
          <FolderFormModal mode={{ kind: 'rename', folder }} onClose={() => undefined} />
        </Providers>,
      );
      await user.click(await screen.findByRole('button', { name: 'Remove picture' }));
      expect(screen.getByText('No picture yet.')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await vi.waitFor(() => expect(sent.some((s) => s.url.endsWith('/update'))).toBe(true));
      const body = JSON.parse(String(sent.find((s) => s.url.endsWith('/update'))!.body));
      expect(body).toEqual({ name: 'Campaign', visibility: 'PUBLIC', remove_image: true });
    });

    it('creates the folder, then gives it the chosen picture', async () => {
      const sent = stubFetch();
      const user = userEvent.setup();
      render(
        <Providers env="test">
          <FolderFormModal mode={{ kind: 'create', brandId: 7, parentId: 1 }} onClose={() => undefined} />
        </Providers>,
      );
      await user.type(await screen.findByRole('textbox', { name: /Folder name/ }), 'Launch');
      await user.click(screen.getByRole('radio', { name: /Public/ }));
      const png = new File([new Uint8Array([137, 80, 78, 71])], 'launch.png', { type: 'image/png' });
      await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, png);
      await user.click(screen.getByRole('button', { name: 'Create folder' }));
      await vi.waitFor(() => expect(sent.filter((s) => s.url.startsWith('/api/ops/folder/')).length).toBe(2));
      const [made, picture] = sent.filter((s) => s.url.startsWith('/api/ops/folder/'));
      expect(made!.url).toBe('/api/ops/folder/new');
      expect(JSON.parse(String(made!.body))).toEqual({
        brand_id: 7,
        parent_id: 1,
        name: 'Launch',
        visibility: 'PUBLIC',
      });
      expect(picture!.url).toBe('/api/ops/folder/12/update');
      expect(((picture!.body as FormData).get('image') as File).name).toBe('launch.png');
    });
  });
});

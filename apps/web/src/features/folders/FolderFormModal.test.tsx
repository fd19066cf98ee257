import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers } from '../../app/Providers';
import i18n from '../../i18n';
import { FolderFormModal } from './FolderFormModal';

describe('FolderFormModal', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows the required-field messages in Spanish when the language is es', async () => {
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
    expect(screen.getByText('El campo Visibilidad es obligatorio')).toBeInTheDocument();
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
});

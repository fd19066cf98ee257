import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { FieldDialog } from './FieldDialog';
import { field, json, stubFonts, vocabulary } from './testFixtures';

/** Records what the dialog sends and answers as the server would. */
function stubApi() {
  const sent: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      sent.push({ method: init?.method ?? 'GET', url: String(input), body });
      return json(init?.method === 'POST' ? 201 : 200, field(9, body));
    }),
  );
  return sent;
}

const vocabularies = [vocabulary(4, { name: 'Colours' }), vocabulary(5, { name: 'Regions', kind: 'tree' })];

/** Typing letter by letter is slow on a loaded machine: paste the words instead. */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

function renderDialog(existing: Parameters<typeof FieldDialog>[0]['field'] = null) {
  const onClose = vi.fn();
  const onNewVocabulary = vi.fn();
  render(
    <Providers env="test">
      <FieldDialog
        brandId={1}
        field={existing}
        vocabularies={vocabularies}
        onNewVocabulary={onNewVocabulary}
        onClose={onClose}
      />
    </Providers>,
  );
  return { onClose, onNewVocabulary };
}

describe('the field dialog', () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    stubFonts();
  });

  it(
    'refuses missing labels and a select without vocabulary, then sends every property',
    { timeout: 60_000 },
    async () => {
      const sent = stubApi();
      const user = userEvent.setup();
      const { onClose } = renderDialog();
      await user.click(screen.getByRole('button', { name: 'Create field' }));
      expect(await screen.findAllByText(/required/i)).not.toHaveLength(0);
      expect(sent).toHaveLength(0);

      await fill(user, screen.getByRole('textbox', { name: 'Label (English)' }), 'Shoot region');
      // The key follows the English label until typed over.
      expect(screen.getByRole('textbox', { name: 'Key' })).toHaveValue('shoot-region');
      await fill(user, screen.getByRole('textbox', { name: 'Label (Spanish)' }), 'Región');
      await user.click(screen.getByRole('combobox', { name: 'Type' }));
      await user.click(await screen.findByRole('option', { name: 'Tree' }));
      await user.click(screen.getByRole('button', { name: 'Create field' }));
      const vocab = screen.getByRole('combobox', { name: 'Vocabulary' });
      await waitFor(() => expect(vocab).toHaveAttribute('aria-invalid', 'true'));
      expect(sent).toHaveLength(0);

      // A tree field is offered tree vocabularies only.
      await user.click(vocab);
      expect(screen.queryByRole('option', { name: 'Colours' })).not.toBeInTheDocument();
      await user.click(await screen.findByRole('option', { name: 'Regions' }));
      await fill(user, screen.getByRole('textbox', { name: 'Help (English)' }), '  Where it was shot ');
      await user.click(screen.getByRole('checkbox', { name: 'Audio' }));
      await user.click(screen.getByRole('switch', { name: 'Required' }));
      await user.click(screen.getByRole('switch', { name: 'Offered as a search filter' }));
      await user.click(screen.getByRole('button', { name: 'Create field' }));

      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]).toEqual({
        method: 'POST',
        url: '/api/ops/brand/1/metadata/fields',
        body: {
          key: 'shoot-region',
          type: 'tree',
          label_en: 'Shoot region',
          label_es: 'Región',
          help_en: 'Where it was shot',
          help_es: '',
          required: true,
          asset_types: ['image', 'video', 'document', 'other'],
          on_share: false,
          on_pdf: false,
          is_filter: true,
          vocabulary_id: 5,
        },
      });
      await waitFor(() => expect(onClose).toHaveBeenCalled());
    },
  );

  it('edits a field with PATCH and offers to create a vocabulary', { timeout: 60_000 }, async () => {
    const sent = stubApi();
    const user = userEvent.setup();
    const { onNewVocabulary } = renderDialog(
      field(3, { key: 'colour', type: 'select', label_en: 'Colour', label_es: 'Color', vocabulary_id: 4 }),
    );
    const label = screen.getByRole('textbox', { name: 'Label (English)' });
    await user.clear(label);
    await fill(user, label, 'Main colour');
    // Renaming an existing field keeps its key.
    expect(screen.getByRole('textbox', { name: 'Key' })).toHaveValue('colour');
    await user.click(screen.getByRole('switch', { name: 'Shown in PDF exports' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'PATCH',
      url: '/api/ops/metadata/field/3',
      body: { key: 'colour', label_en: 'Main colour', on_pdf: true, vocabulary_id: 4, type: 'select' },
    });
    await user.click(screen.getByRole('button', { name: 'Create a vocabulary' }));
    expect(onNewVocabulary).toHaveBeenCalled();
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { apiAs } from '../support/api';
import { unique } from '../support/fixtures';
import { makeMedia } from '../support/media';
import { REPO_ROOT } from '../support/paths';

type Lang = 'en' | 'es';
type Messages = { [key: string]: string | Messages };

/** The web app's own texts in `lang`, with its {{name}} interpolation and _one/_other plurals. */
function translator(lang: Lang) {
  const messages = JSON.parse(readFileSync(join(REPO_ROOT, `apps/web/src/i18n/${lang}.json`), 'utf8')) as Messages;
  const lookup = (key: string) =>
    key
      .split('.')
      .reduce<string | Messages | undefined>((m, k) => (typeof m === 'object' ? m[k] : undefined), messages);
  return (key: string, vars: Record<string, string | number> = {}) => {
    const plural = typeof vars.count === 'number' ? `${key}_${vars.count === 1 ? 'one' : 'other'}` : key;
    const text = lookup(plural) ?? lookup(key);
    if (typeof text !== 'string') throw new Error(`no ${lang} text for ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(vars[v]));
  };
}

/** Mantine's Select: open it by its label, then pick the option by its text (whole, or a pattern). */
async function choose(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

for (const lang of ['en', 'es'] as const) {
  test(`a manager gives the brand its own fields and finds, edits and keeps photos by them (${lang})`, async ({
    page,
    pageAs,
  }) => {
    test.setTimeout(120_000);
    const t = translator(lang);
    const media = makeMedia();

    // Seeded through the API: a brand with a folder, a manager of it speaking `lang`, and the
    // Campaign list's two options (the issue makes the Region tree's through the screens).
    const api = await apiAs(page);
    const brandName = `Meta ${lang} ${unique('m').slice(-6)}`;
    const brand = await api.newBrand(brandName);
    const folderId = await api.newFolder(brand.id, brand.root_folder_id, 'Photos');
    const email = `${unique(`manager-${lang}`)}@example.com`;
    const password = 'Manager-pass-123';
    await api.send('POST', '/api/ops/users/create', {
      first_name: 'Marta',
      last_name: 'Gestora',
      email,
      password,
      password_confirmation: password,
      roles: ['manager'],
      brands: [brand.id],
      lang,
    });
    const vocab = (name: string, kind: 'list' | 'tree') =>
      api.send<{ id: number }>('POST', `/api/ops/brand/${brand.id}/metadata/vocabularies`, { name, kind });
    const campaigns = await vocab('Campaigns', 'list');
    await vocab('Regions', 'tree');
    const option = (label_en: string, label_es: string) =>
      api.send<{ id: number }>('POST', `/api/ops/metadata/vocabulary/${campaigns.id}/options`, { label_en, label_es });
    await option('Spring launch', 'Lanzamiento de primavera');
    const summer = await option('Summer sale', 'Rebajas de verano');
    const es = lang === 'es';
    const [campaignLabel, regionLabel] = es ? ['Campaña', 'Región'] : ['Campaign', 'Region'];
    const springLabel = es ? 'Lanzamiento de primavera' : 'Spring launch';
    const summerLabel = es ? 'Rebajas de verano' : 'Summer sale';

    const manager = await pageAs({ email, password });
    await manager.getByRole('button', { name: new RegExp(brandName) }).click();
    await manager.waitForURL('**/brand');

    // The Region tree's options, pasted as an indented list in the import dialog.
    await manager.goto('/brand/metadata?tab=vocabularies');
    await manager.getByRole('link', { name: t('metadata.vocabularies.openNamed', { name: 'Regions' }) }).click();
    await manager.getByRole('button', { name: t('metadata.options.import') }).click();
    const importDialog = manager.getByRole('dialog', { name: t('metadata.options.importTitle') });
    await importDialog
      .getByRole('textbox', { name: t('metadata.options.importText') })
      .fill('Europe\n  Spain\n  France\nAmerica\n  Mexico');
    await importDialog.getByRole('button', { name: t('metadata.options.importButton') }).click();
    await expect(manager.getByText(t('metadata.options.importedText', { added: 5, kept: 0 }))).toBeVisible();
    const list = manager.getByRole('list', { name: t('metadata.options.listLabel') });
    await expect(list.getByRole('listitem')).toHaveCount(5);

    // Two fields, offered as search filters: Campaign (select) and Region (tree).
    await manager.getByRole('link', { name: t('metadata.options.back') }).click();
    await manager.getByRole('tab', { name: t('metadata.tabs.fields') }).click();
    const newField = async (en: string, es: string, type: 'select' | 'tree', vocabulary: string) => {
      await manager.getByRole('button', { name: t('metadata.fields.new') }).click();
      const dialog = manager.getByRole('dialog', { name: t('metadata.dialog.createTitle') });
      await dialog.getByRole('textbox', { name: t('metadata.dialog.labelEn') }).fill(en);
      await dialog.getByRole('textbox', { name: t('metadata.dialog.labelEs') }).fill(es);
      await choose(manager, dialog, t('metadata.dialog.type'), t(`metadata.types.${type}`));
      await choose(manager, dialog, t('metadata.dialog.vocabulary'), vocabulary);
      await dialog.getByRole('switch', { name: t('metadata.dialog.isFilter') }).check();
      await dialog.getByRole('button', { name: t('metadata.dialog.create') }).click();
      await expect(dialog).toBeHidden();
    };
    await newField('Campaign', 'Campaña', 'select', 'Campaigns');
    await newField('Region', 'Región', 'tree', 'Regions');
    const fields = manager.getByRole('list', { name: t('metadata.fields.listLabel') });
    await expect(fields.getByTestId('field-campaign')).toContainText(t('metadata.types.select'));
    await expect(fields.getByTestId('field-region')).toContainText(t('metadata.types.tree'));

    // Three photos uploaded with their campaign and region, set file by file in the dialog's brand fields.
    await manager.goto(`/brand?folder=${folderId}`);
    await manager
      .getByRole('button', { name: t('upload.open'), exact: true })
      .first()
      .click();
    const upload = manager.getByRole('dialog', { name: t('upload.title') });
    await upload.locator('input[type="file"]').setInputFiles([media.sunrise, media.bars, media.fractal]);
    const section = upload.getByTestId('upload-fields');
    await section.getByRole('switch', { name: t('uploadFields.applyAll') }).uncheck();
    // A tree's options are named by their whole path, as on the asset page.
    const rounds: [string, string, string][] = [
      ['sunrise.jpg', springLabel, 'Europe › Spain'],
      ['bars.jpg', springLabel, 'Europe › France'],
      ['fractal.jpg', summerLabel, 'America › Mexico'],
    ];
    for (const [file, campaign, place] of rounds) {
      await choose(manager, section, t('uploadFields.file'), file);
      await choose(manager, section, campaignLabel, campaign);
      await choose(manager, section, regionLabel, place);
    }
    await upload.getByRole('button', { name: t('upload.start', { count: 3 }) }).click();
    await expect(upload.getByTestId('upload-status').filter({ hasText: t('upload.creation.created') })).toHaveCount(3);
    await upload
      .getByRole('button', { name: t('common.close') })
      .last()
      .click();
    await expect(upload).toBeHidden();
    const listed = await api.send<{ items: { id: number; name: string }[] }>(
      'POST',
      `/api/ops/asset/list/all/${folderId}`,
      {},
    );
    const ids = Object.fromEntries(listed.items.map((i) => [i.name, i.id]));

    // The searcher, filtered by a region node, finds the photos of the places under it.
    await manager.goto(`/brand?folder=${folderId}`);
    await expect(manager.getByTestId('search-total')).toHaveText(t('search.total', { count: 3, formatted: 3 }));
    await manager.getByRole('button', { name: t('search.filters') }).click();
    await manager
      .getByTestId('field-filter-region')
      .getByRole('checkbox', { name: /Europe/ })
      .click();
    await expect(manager.getByTestId('search-total')).toHaveText(t('search.total', { count: 2, formatted: 2 }));
    // Its chip names the option, not its id.
    await expect(
      manager
        .getByTestId('filter-chips')
        .getByRole('button', { name: t('search.removeFilter', { label: `${regionLabel}: Europe` }) }),
    ).toBeVisible();

    // Both go to the summer campaign in one edit.
    for (const file of ['sunrise.jpg', 'bars.jpg'])
      await manager.getByRole('checkbox', { name: t('search.select', { name: file }) }).check();
    await manager
      .getByTestId('selection-bar')
      .getByRole('button', { name: t('metadataBulk.action') })
      .click();
    const bulk = manager.getByRole('dialog', { name: t('metadataBulk.title') });
    await expect(bulk.getByTestId('bulk-summary')).toHaveText(
      t('metadataBulk.summary.assets', { count: 2, formatted: 2 }),
    );
    await choose(manager, bulk, t('metadataBulk.field'), campaignLabel);
    await choose(manager, bulk, t('metadataBulk.value'), summerLabel);
    await bulk.getByRole('button', { name: t('metadataBulk.previewAction') }).click();
    await expect(bulk.getByTestId('bulk-preview')).toHaveText(
      t('metadataBulk.preview', { changed: 2, matched: 2, count: 2 }),
    );
    await bulk.getByRole('button', { name: t('metadataBulk.apply') }).click();
    await expect(manager.getByText(t('metadataBulk.toast.changed', { count: 2, formatted: 2 }))).toBeVisible();
    for (const file of ['sunrise.jpg', 'bars.jpg']) {
      const got = await api.get<{ values: Record<string, unknown> }>(`/api/ops/asset/${ids[file]}/fields`);
      expect(got.values.campaign).toBe(summer.id);
    }

    // The filtered search, saved as a smart collection, opens from My Collections with its two photos.
    const searchName = lang === 'es' ? 'Fotos de Europa' : 'European photos';
    await manager.getByRole('button', { name: t('savedSearches.save') }).click();
    const save = manager.getByRole('dialog', { name: t('savedSearches.saveTitle') });
    await save.getByRole('textbox', { name: t('savedSearches.name') }).fill(searchName);
    await save.getByRole('checkbox', { name: t('savedSearches.asCollection') }).check();
    await save.getByRole('button', { name: t('savedSearches.saveAction') }).click();
    await expect(manager.getByText(t('savedSearches.saved', { name: searchName }))).toBeVisible();

    await manager
      .getByRole('link', { name: t('menu.my_collections') })
      .first()
      .click();
    await manager
      .getByRole('region', { name: t('savedSearches.smartTitle') })
      .getByRole('link', { name: new RegExp(searchName) })
      .click();
    await expect(manager.getByRole('heading', { name: searchName })).toBeVisible();
    for (const file of ['sunrise.jpg', 'bars.jpg'])
      await expect(manager.getByRole('checkbox', { name: t('search.select', { name: file }) })).toBeAttached();
    await expect(manager.getByRole('checkbox', { name: t('search.select', { name: 'fractal.jpg' }) })).toHaveCount(0);
  });
}

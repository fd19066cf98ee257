import ExcelJS from 'exceljs';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../support/test';
import type { PageAs } from '../support/test';
import type { Page } from '@playwright/test';
import { apiAs } from '../support/api';
import { mailsTo, unique } from '../support/fixtures';
import { makeMedia } from '../support/media';

type Lang = 'en' | 'es';
const WORDS = {
  en: {
    select: 'Select Shots',
    template: 'Spreadsheet template',
    download: 'Download',
    uploadAssets: 'Upload asset template',
    submit: 'Upload and preview',
    apply: 'Apply now',
    applied: 'Applied',
    search: 'Search assets',
    subject: /applied/,
  },
  es: {
    select: 'Seleccionar Shots',
    template: 'Plantilla de hoja de cálculo',
    download: 'Descargar',
    uploadAssets: 'Subir plantilla de recursos',
    submit: 'Subir y previsualizar',
    apply: 'Aplicar ahora',
    applied: 'Aplicada',
    search: 'Buscar recursos',
    subject: /aplicada/,
  },
};

/** A brand with a Shots folder of four assets, and a member speaking `lang`, signed in on its home. */
async function seed(pageAs: PageAs, page: Page, lang: Lang) {
  const media = makeMedia();
  const api = await apiAs(page);
  const name = `Sheets ${unique(lang).slice(-6)}`;
  const { brand } = await api.form<{ brand: { id: number; root_folder_id: number } }>('/api/ops/brand/create', {
    name,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
  });
  const { folder } = await api.send<{ folder: { id: number } }>('POST', '/api/ops/folder/new', {
    brand_id: brand.id,
    parent_id: brand.root_folder_id,
    name: 'Shots',
    visibility: 'PUBLIC',
  });
  await api.upload(brand.id, folder.id, [media.sunrise, media.bars, media.fractal, media.brief]);
  const email = `${unique('sheets')}@example.com`;
  const password = 'Sheets-pass-1234';
  await api.send('POST', '/api/ops/users/create', {
    first_name: 'Sol',
    last_name: 'Sheets',
    email,
    password,
    password_confirmation: password,
    roles: ['member'],
    brands: [brand.id],
    lang,
  });
  const member = await pageAs({ email, password });
  await member.getByRole('button', { name: new RegExp(name) }).click();
  await member.waitForURL('**/brand');
  return { member, email };
}

/** Three rows get the keyword "harbour" and a description; the fourth loses its extension. */
async function edit(file: string, out: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.worksheets[0]!;
  const header = (ws.getRow(1).values as string[]).slice(1);
  const col = (names: string[]) => header.findIndex((h) => names.includes(h)) + 1;
  const [name, description, keywords] = [
    col(['Name', 'Nombre']),
    col(['Description', 'Descripción']),
    col(['Keywords', 'Palabras clave']),
  ];
  for (let r = 2; r <= 4; r++) {
    ws.getCell(r, description).value = `Harbour shot ${r}`;
    ws.getCell(r, keywords).value = 'harbour; dawn';
  }
  ws.getCell(5, name).value = String(ws.getCell(5, name).value).replace(/\.[a-z]+$/, '');
  await wb.xlsx.writeFile(out);
}

for (const lang of ['en', 'es'] as const) {
  test(`a member bulk-edits a folder through a spreadsheet template (${lang})`, async ({ pageAs, page }, info) => {
    test.setTimeout(150_000);
    const w = WORDS[lang];
    const { member, email } = await seed(pageAs, page, lang);

    await member.getByRole('checkbox', { name: w.select }).check();
    await member.getByTestId('selection-bar').getByRole('button', { name: w.template }).click();
    const dialog = member.getByRole('dialog', { name: w.template });
    const [download] = await Promise.all([
      member.waitForEvent('download'),
      dialog.getByRole('button', { name: w.download, exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const original = join(info.outputDir, 'template.xlsx');
    const edited = join(info.outputDir, 'edited.xlsx');
    await download.saveAs(original);
    await edit(original, edited);

    await member.goto('/reports/imports');
    await member.getByRole('button', { name: w.uploadAssets }).click();
    const [chooser] = await Promise.all([
      member.waitForEvent('filechooser'),
      member.getByTestId('template-file').click(),
    ]);
    await chooser.setFiles(edited);
    await member.getByRole('button', { name: w.submit }).click();
    await member.waitForURL('**/reports/imports/*');
    await expect(member.getByTestId('count-change')).toHaveText(/3/, { timeout: 30_000 });
    await expect(member.getByTestId('count-refused')).toHaveText(/1/);
    await expect(member.getByTestId('import-rows')).toContainText('.jpg');

    await member.getByRole('button', { name: w.apply }).click();
    await expect(member.getByTestId('import-state')).toHaveText(w.applied, { timeout: 30_000 });
    await expect(member.getByTestId('count-applied')).toHaveText(/3/);

    await member.goto('/brand');
    await member.getByRole('searchbox', { name: w.search }).fill('harbour');
    await expect(member.getByTestId('search-results').locator('[data-asset-name]')).toHaveCount(3);

    await expect.poll(() => mailsTo(email).filter((m) => w.subject.test(m.subject)).length).toBe(1);
    const mail = mailsTo(email).find((m) => w.subject.test(m.subject)) as unknown as {
      attachments: { filename: string }[];
    };
    expect(mail.attachments[0]!.filename).toMatch(/\.xlsx$/);
    writeFileSync(join(info.outputDir, 'done.txt'), 'ok');
  });
}

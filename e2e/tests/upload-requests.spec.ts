import { expect, test } from '../support/test';
import { apiAs } from '../support/api';
import { mailsTo, unique } from '../support/fixtures';
import { makeMedia } from '../support/media';

test('an agency uploads through a password-protected request link; a reviewer decides; the requester reads why', async ({
  page,
  browser,
  pageAs,
}) => {
  test.setTimeout(180_000);
  const media = makeMedia();
  const tag = unique('rq').slice(-6);

  // Seed: a brand with a folder for the agency, and a member of this test's own.
  const api = await apiAs(page);
  const name = `Requests ${tag}`;
  const brand = await api.newBrand(name);
  await api.newFolder(brand.id, brand.root_folder_id, 'From agencies');
  const email = `${unique('asker')}@example.com`;
  const password = 'Asker-pass-123';
  await api.send('POST', '/api/ops/users/create', {
    first_name: 'Rita',
    last_name: 'Requester',
    email,
    password,
    password_confirmation: password,
    roles: ['member'],
    brands: [brand.id],
  });
  // The brand reviews its members' uploads: files from outside wait for review too (issue 40 §3-4).
  const roles = await api.get<{ data: { id: number; name: string }[] }>('/api/ops/roles/all');
  await api.send('PUT', `/api/ops/brand/${brand.id}/approval`, {
    role_ids: [roles.data.find((r) => r.name === 'member')!.id],
  });
  const member = await pageAs({ email, password });

  // The member asks for files into the folder, with a password.
  await member.getByRole('button', { name: new RegExp(name) }).click();
  await member.waitForURL('**/brand');
  await member.getByTestId('profile-menu').click();
  await member.getByRole('menuitem', { name: 'Upload requests' }).click();
  await expect(member.getByRole('heading', { level: 1, name: 'Upload requests' })).toBeVisible();
  await member.getByRole('button', { name: 'New request' }).first().click();
  const dialog = member.getByRole('dialog', { name: 'Ask for files' });
  await dialog.getByRole('combobox', { name: 'Folder' }).click();
  await member.getByRole('option', { name: '— From agencies' }).click();
  await dialog.getByLabel('Message to the uploaders').fill('Shots of the launch <b>night</b>, please');
  await dialog.getByLabel('Password (optional)').fill('Agency-pass-42');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const made = member.getByRole('dialog', { name: 'Request ready' });
  const link = await made.getByRole('textbox', { name: 'Link of the request' }).inputValue();
  expect(link).toMatch(/\/upload\/[A-Za-z0-9_-]{43}$/);
  await made.getByRole('button', { name: 'Done' }).click();

  // The agency, signed out and on a phone: the password first, then the request only, then two files.
  const agency = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await agency.goto(new URL(link).pathname);
  await expect(agency.getByRole('heading', { name: 'This request is protected' })).toBeVisible();
  await expect(agency.getByTestId('request-brand')).toHaveText(name);
  const passwordBox = agency.getByRole('textbox', { name: 'Password' });
  await passwordBox.fill('wrong-password');
  await agency.getByRole('button', { name: 'Continue' }).click();
  await expect(agency.getByText(/is invalid/)).toBeVisible();
  await passwordBox.fill('Agency-pass-42');
  await agency.getByRole('button', { name: 'Continue' }).click();
  await expect(agency.getByRole('heading', { name: 'Files requested' })).toBeVisible();
  await expect(agency.getByText('Shots of the launch <b>night</b>, please')).toBeVisible();
  await expect(agency.getByText(email)).toHaveCount(0);
  // The agency works in Spanish.
  await agency.getByRole('button', { name: 'Español' }).click();
  await expect(agency.getByRole('heading', { name: 'Archivos solicitados' })).toBeVisible();
  await agency.getByLabel('Tu nombre').fill('Ana Agency');
  await agency.getByLabel('Tu correo electrónico').fill('ana@agency.example');
  await agency.locator('input[type="file"]').setInputFiles([media.sunrise, media.bars]);
  await expect(agency.getByTestId('request-file')).toHaveCount(2);
  await agency.getByRole('button', { name: 'Enviar 2 archivos' }).click();
  await expect(agency.getByText('Gracias: se recibieron 2 archivos.')).toBeVisible();
  await expect(agency.locator('[data-testid="request-file"][data-status="success"]')).toHaveCount(2);

  // The requester sees what arrived and from whom, on the list and on the asset page.
  await member.reload();
  const row = member.getByRole('row').filter({ hasText: 'From agencies' });
  await expect(row).toContainText('2 files');
  await row.getByRole('button', { name: /Show the files of/ }).click();
  await member.getByRole('link', { name: 'sunrise.jpg' }).click();
  await expect(member.getByTestId('upload-origin')).toContainText('by Ana Agency <ana@agency.example>');
  await expect(member.getByText('Awaiting review').first()).toBeVisible();
  await expect.poll(() => mailsTo(email).some((m) => m.subject.includes('Ana Agency'))).toBe(true);

  // Closed: the agency's page says the link is not available.
  await member.goBack();
  await row.getByRole('button', { name: 'Close now' }).first().click();
  await member.getByRole('dialog', { name: 'Close this request?' }).getByRole('button', { name: 'Close now' }).click();
  await expect(row).toContainText('Closed');
  await agency.reload();
  await expect(agency.getByText('Este enlace no está disponible')).toBeVisible();

  // The reviewer approves one file and rejects the other with a reason.
  await page.goto('/brand/choose');
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await page.waitForURL('**/brand');
  await page.goto('/brand/review');
  await expect(page.getByRole('heading', { name: 'Review uploads' })).toBeVisible();
  await page.getByRole('button', { name: 'Approve sunrise.jpg' }).click();
  await expect(page.getByRole('button', { name: 'Approve sunrise.jpg' })).toHaveCount(0);
  await page.getByRole('button', { name: /^Reject bars\./ }).click();
  const reject = page.getByRole('dialog', { name: 'Reject this upload' });
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('Reason is a required field')).toBeVisible();
  await reject.getByLabel('Reason').fill('The colour bars are not for the press kit');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject).toBeHidden();

  // The requester reads the reason on their list of uploads in review.
  await member.goto('/uploads/review');
  await expect(member.getByRole('heading', { name: 'My uploads awaiting review' })).toBeVisible();
  await expect(member.getByText('The colour bars are not for the press kit')).toBeVisible();
  await expect(member.getByText('sunrise.jpg')).toHaveCount(0);
});

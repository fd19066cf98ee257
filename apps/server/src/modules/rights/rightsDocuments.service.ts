import { XLSX_MIME } from '@brandvault/contract';
import type { Lang } from '@brandvault/contract';
import { AppError, invalid } from '../../http/errors.js';
import type { FormFile } from '../../http/multipart.js';
import { iso } from '../../lib/clock.js';
import { FileAnswer, contentDisposition, fileSafetyHeaders } from '../../lib/fileAnswer.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import { newBlobKey } from '../../storage/index.js';
import { requireAccess } from '../access/requireAccess.js';
import { authorize } from '../../http/authorize.js';
import { visibleBrand } from '../brands/brandAccess.js';
import { writeWorkbook } from '../reports/xlsx/writer.js';
import { consentAccess, licenceAccess, rightsDocumentAccess, rightsPolicy } from './rights.policy.js';
import { consentTarget, documentView, licenceTarget, listOf } from './rights.view.js';

/** A MIME type as stored: a plain type/subtype, else a generic binary. */
const safeMime = (m: string) => (/^[\w.+-]+\/[\w.+-]+$/.test(m) ? m.toLowerCase() : 'application/octet-stream');
/** A file name as stored: its last path part, without control characters, at most 255 long. */
const safeName = (n: string) =>
  (n.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(-255) || 'document';

const HEADERS = {
  licences: {
    en: [
      'Name',
      'Holder',
      'Channels',
      'Territories',
      'Valid from',
      'Valid until',
      'Cost reference',
      'Terms',
      'Notes',
      'Assets',
      'Documents',
    ],
    es: [
      'Nombre',
      'Titular',
      'Canales',
      'Territorios',
      'Válida desde',
      'Válida hasta',
      'Referencia de coste',
      'Condiciones',
      'Notas',
      'Recursos',
      'Documentos',
    ],
  },
  consents: {
    en: ['Person', 'Kind', 'Signed on', 'Valid until', 'Channels', 'Territories', 'Notes', 'Assets', 'Documents'],
    es: ['Persona', 'Tipo', 'Firmado el', 'Válido hasta', 'Canales', 'Territorios', 'Notas', 'Recursos', 'Documentos'],
  },
} as const;
const KIND = { en: { model: 'Model', property: 'Property' }, es: { model: 'Modelo', property: 'Propiedad' } };
const SHEET = { licences: { en: 'Licences', es: 'Licencias' }, consents: { en: 'Consents', es: 'Consentimientos' } };

/** Documents of licences and consents, and the xlsx exports of a brand's lists. */
export function rightsDocumentsService(deps: Deps) {
  const { repos, storage } = deps;

  async function attach(ctx: RequestContext, kind: 'licence' | 'consent', id: number, files: FormFile[]) {
    const file = files.find((f) => f.field === 'file');
    if (!file) throw invalid({ file: 'required' });
    const owner =
      kind === 'licence'
        ? (await requireAccess(repos, { actor: ctx.actor, permission: 'manage', kind: licenceAccess, ids: [id] }))[0]!
        : (await requireAccess(repos, { actor: ctx.actor, permission: 'manage', kind: consentAccess, ids: [id] }))[0]!;
    const key = `${newBlobKey('rights')}/document`;
    const name = safeName(file.filename);
    await storage.put(key, file.data, safeMime(file.mimetype));
    try {
      const row = await deps.change(ctx, async (u) => {
        const doc = await u.repos.rights.insertDocument({
          brand_id: owner.brand_id,
          licence_id: kind === 'licence' ? id : null,
          consent_id: kind === 'consent' ? id : null,
          name,
          mime: safeMime(file.mimetype),
          size: file.data.length,
          blob_key: key,
          created_by: ctx.actor.user.id,
          created_at: iso(deps.clock.now()),
        });
        await u.audit({
          event: 'rights.document.add',
          target: 'name' in owner ? licenceTarget(owner) : consentTarget(owner),
          info: { document: name },
        });
        return doc;
      });
      return documentView(row);
    } catch (err) {
      await storage.delete(key).catch(() => undefined);
      throw err;
    }
  }

  async function exportList(ctx: RequestContext, brandId: number, which: 'licences' | 'consents') {
    const brand = await visibleBrand(repos, ctx.actor, brandId);
    authorize(rightsPolicy.manage(ctx.actor));
    const lang: Lang = ctx.lang;
    const headers = HEADERS[which][lang];
    const rows =
      which === 'licences' ? await repos.rights.allLicences(brandId) : await repos.rights.allConsents(brandId);
    const docs = await repos.rights.documentsOf(
      which === 'licences' ? 'licence_id' : 'consent_id',
      rows.map((r) => r.id),
    );
    const docNames = (id: number) =>
      docs
        .filter((d) => (which === 'licences' ? d.licence_id : d.consent_id) === id)
        .map((d) => d.name)
        .join('; ');
    const join = (json: string) => listOf(json).join('; ');
    const cells = rows.map((r) =>
      'name' in r
        ? [
            r.name,
            r.holder,
            join(r.channels),
            join(r.territories),
            r.valid_from,
            r.valid_until,
            r.cost_reference,
            r.terms,
            r.notes,
            Number(r.asset_count ?? 0),
            docNames(r.id),
          ]
        : [
            r.person,
            KIND[lang][r.kind as 'model'] ?? r.kind,
            r.signed_on,
            r.valid_until,
            join(r.channels),
            join(r.territories),
            r.notes,
            Number(r.asset_count ?? 0),
            docNames(r.id),
          ],
    );
    const file = await writeWorkbook({
      sheet: SHEET[which][lang],
      columns: headers.map((header, i) => ({ key: `c${i}`, header, width: i === 0 ? 32 : 20 })),
      rows: cells,
    });
    const slug = brand.name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'brand';
    return new FileAnswer(
      200,
      {
        ...fileSafetyHeaders(),
        'content-type': XLSX_MIME,
        'content-length': file.data.length,
        'content-disposition': contentDisposition(`${slug}-${SHEET[which][lang].toLowerCase()}.xlsx`),
        'cache-control': 'private, no-store',
      },
      file.data,
    );
  }

  return {
    attachToLicence: (ctx: RequestContext, id: number, files: FormFile[]) => attach(ctx, 'licence', id, files),
    attachToConsent: (ctx: RequestContext, id: number, files: FormFile[]) => attach(ctx, 'consent', id, files),
    exportLicences: (ctx: RequestContext, brandId: number) => exportList(ctx, brandId, 'licences'),
    exportConsents: (ctx: RequestContext, brandId: number) => exportList(ctx, brandId, 'consents'),

    /** The document itself, as an attachment that never runs as a page. */
    async download(ctx: RequestContext, id: number) {
      const [doc] = await requireAccess(repos, {
        actor: ctx.actor,
        permission: 'manage',
        kind: rightsDocumentAccess,
        ids: [id],
      });
      const stat = await storage.stat(doc!.blob_key);
      if (!stat) throw new AppError('NOT_FOUND');
      return new FileAnswer(
        200,
        {
          ...fileSafetyHeaders(),
          'content-type': safeMime(doc!.mime),
          'content-length': stat.size,
          'content-disposition': contentDisposition(doc!.name),
          'cache-control': 'private, no-store',
        },
        await storage.get(doc!.blob_key),
      );
    },

    async remove(ctx: RequestContext, id: number) {
      const [doc] = await requireAccess(repos, {
        actor: ctx.actor,
        permission: 'manage',
        kind: rightsDocumentAccess,
        ids: [id],
      });
      const d = doc!;
      await deps.change(ctx, async (u) => {
        const target =
          d.licence_id !== null
            ? licenceTarget((await u.repos.rights.licence(d.licence_id))!)
            : consentTarget((await u.repos.rights.consent(d.consent_id!))!);
        await u.repos.rights.deleteDocument(id);
        await u.audit({ event: 'rights.document.delete', target, info: { document: d.name } });
      });
      await storage.delete(d.blob_key).catch(() => undefined);
      return { deleted: true as const };
    },
  };
}

declare module '../../deps/services.js' {
  interface Services {
    rightsDocuments: ReturnType<typeof rightsDocumentsService>;
  }
}

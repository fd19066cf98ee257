import type { AssetTemplateRequest, AuditQuery, ImportKind, UserReportQuery } from '@brandvault/contract';
import { IMPORT_EXPIRY_DAYS, XLSX_MIME } from '@brandvault/contract';
import type { z } from 'zod';
import { invalid } from '../../http/errors.js';
import type { FormFile } from '../../http/multipart.js';
import { iso } from '../../lib/clock.js';
import { FileAnswer, contentDisposition, fileSafetyHeaders } from '../../lib/fileAnswer.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import { assetTemplateFile, resolveTemplateAssets } from './assetTemplate.export.js';
import { auditReportFile } from './auditReport.js';
import { reportKey } from './reportKey.js';
import { userTemplateFile } from './userTemplate.export.js';
import { XlsxRefused, checkXlsx } from './xlsx/zipCheck.js';
import { importView } from './imports.view.js';

const xlsx = (file: { data: Buffer; name: string }) =>
  new FileAnswer(
    200,
    {
      ...fileSafetyHeaders(),
      'content-type': XLSX_MIME,
      'content-length': file.data.length,
      'content-disposition': contentDisposition(file.name),
      'cache-control': 'private, no-store',
    },
    file.data,
  );
const sourceKey = (id: number) => `reports/imports/${id}/source.xlsx`;

/** Reports and templates out (§1, §7): xlsx answered directly, or produced by a job and e-mailed. */
export function reportsService(deps: Deps) {
  const { handle, clock } = deps;
  const env = async () => ({
    repos: deps.repos,
    db: handle.db,
    dialect: handle.dialect,
    appKey: await reportKey(deps.repos),
    now: clock.now(),
  });
  const exported = (ctx: RequestContext, report: string, rows: number, extra: Record<string, unknown> = {}) =>
    deps.change(ctx, (u) => u.audit({ event: 'report.export', info: { report, rows, ...extra } }));

  async function send(ctx: RequestContext, kind: 'assets' | 'users', request: unknown) {
    const jobId = await deps.change(ctx, async (u) => {
      const id = (await u.enqueue(
        'reports.send',
        { kind, userId: ctx.actor.user.id, request },
        { ownerId: ctx.actor.user.id, maxAttempts: 2 },
      ))!;
      await u.audit({ event: 'report.export', info: { report: kind, sent: true } });
      return id;
    });
    return { job_id: jobId };
  }

  return {
    async usersReport(ctx: RequestContext, q: z.output<typeof UserReportQuery>) {
      const file = await userTemplateFile(await env(), ctx.actor, q, ctx.lang);
      await exported(ctx, 'users', file.rows);
      return xlsx(file);
    },
    async assetTemplate(ctx: RequestContext, body: z.output<typeof AssetTemplateRequest>) {
      const file = await assetTemplateFile(await env(), ctx.actor, body, ctx.lang);
      await exported(ctx, 'assets', file.rows, { brand_id: file.brandId });
      return xlsx(file);
    },
    /** Checks the selection now (404 and 422 as the direct download), then leaves the file to a job. */
    async sendAssetTemplate(ctx: RequestContext, body: z.output<typeof AssetTemplateRequest>) {
      await resolveTemplateAssets(await env(), ctx.actor, body);
      return send(ctx, 'assets', body);
    },
    sendUserTemplate: (ctx: RequestContext, body: z.output<typeof UserReportQuery>) => send(ctx, 'users', body),
    async auditReport(ctx: RequestContext, q: z.output<typeof AuditQuery>) {
      const file = await auditReportFile(deps.repos, q, ctx.lang, clock.now());
      await exported(ctx, 'audit', file.rows);
      return xlsx(file);
    },

    /**
     * A template upload (§3 field `template`): refused with 422 before anything is stored or
     * scheduled unless it is a plain xlsx within the limits (zipCheck.ts); otherwise kept and its
     * preview scheduled, in one transaction with the audit entry.
     */
    async upload(ctx: RequestContext, kind: ImportKind, files: FormFile[]) {
      const file = files.find((f) => f.field === 'template');
      if (!file || files.length !== 1) throw invalid({ template: 'required' });
      try {
        await checkXlsx(file.filename, file.data);
      } catch (err) {
        if (err instanceof XlsxRefused) throw invalid({ template: 'templateFile' });
        throw err;
      }
      const now = clock.now();
      const name =
        file.filename
          .split(/[\\/]/)
          .pop()!
          .replace(/[\p{Cc}\p{Cf}]/gu, '')
          .slice(0, 200) || 'template.xlsx';
      const { id, jobId } = await deps.change(ctx, async (u) => {
        const repo = u.repos.reports;
        const id = await repo.insert({
          user_id: ctx.actor.user.id,
          kind,
          brand_id: null,
          name,
          state: 'previewing',
          lang: ctx.lang,
          created_at: iso(now),
          expires_at: iso(new Date(now.getTime() + IMPORT_EXPIRY_DAYS * 86_400_000)),
        });
        await deps.storage.put(sourceKey(id), file.data, XLSX_MIME);
        const jobId = (await u.enqueue('reports.preview', { id }, { ownerId: ctx.actor.user.id, maxAttempts: 2 }))!;
        await repo.update(id, { blob_key: sourceKey(id), job_id: jobId });
        await u.audit({
          event: 'template.upload',
          target: { type: 'import', id, label: name },
          info: { kind, size: file.data.length },
        });
        return { id, jobId };
      });
      return { import: importView((await deps.repos.reports.withJob(id))!), job_id: jobId };
    },
  };
}
export type ReportsService = ReturnType<typeof reportsService>;

declare module '../../deps/services.js' {
  interface Services {
    reports: ReturnType<typeof reportsService>;
  }
}

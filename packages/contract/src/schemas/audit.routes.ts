import { def } from '../core/routeDef.js';
import { AuditList, AuditQuery, AuditRecent, AuditRecentQuery, AuditVerify } from './audit.js';

/** The audit log (§2 `audit.all`): administrators only; the dashboard's recent part for anyone with it. */
export const auditRoutes = {
  auditAll: def({
    method: 'GET',
    path: '/api/ops/audit/all',
    access: { role: 'admin' },
    summary: 'Audit log entries, filtered and paged (newest first)',
    query: AuditQuery,
    response: AuditList,
  }),
  auditRecent: def({
    method: 'GET',
    path: '/api/ops/audit/recent',
    access: { permission: 'dashboard.view' },
    summary: "The newest audit entries: everyone's for administrators, else the caller's own",
    query: AuditRecentQuery,
    response: AuditRecent,
  }),
  auditVerify: def({
    method: 'POST',
    path: '/api/ops/audit/verify',
    access: { role: 'admin' },
    summary: 'Checks the audit chain (keyed links and the checkpoints kept outside the database)',
    response: AuditVerify,
    rateLimit: { max: 10 },
  }),
};

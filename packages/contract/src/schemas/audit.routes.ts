import { def } from '../routeDef.js';
import { AuditList, AuditQuery } from './audit.js';

/** The audit log (§2 `audit.all`): administrators only. */
export const auditRoutes = {
  auditAll: def({
    method: 'GET',
    path: '/api/ops/audit/all',
    access: { role: 'admin' },
    summary: 'Audit log entries, filtered and paged (newest first)',
    query: AuditQuery,
    response: AuditList,
  }),
};

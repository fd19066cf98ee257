import { def } from '../core/routeDef.js';
import { AnalysisAnswer, AnalysisBackfillQueued, AnalysisSettingsBody } from './analysis.js';
import { IdParams } from './common.js';

/** A brand's smart search settings and the state of its analyses (issue 42 §6), for brand managers. */
export const analysisRoutes = {
  brandAnalysis: def({
    method: 'GET',
    path: '/api/ops/brand/:id/analysis',
    access: { permission: 'brand.manage' },
    summary: "A brand's analysis switches, what the installation runs, and how far each analysis got",
    params: IdParams,
    response: AnalysisAnswer,
  }),
  brandAnalysisSave: def({
    method: 'PUT',
    path: '/api/ops/brand/:id/analysis',
    access: { permission: 'brand.manage' },
    summary: "Turns a brand's text, object and colour analyses on or off and sets the objects' threshold",
    params: IdParams,
    body: AnalysisSettingsBody,
    response: AnalysisAnswer,
  }),
  brandAnalysisBackfill: def({
    method: 'POST',
    path: '/api/ops/brand/:id/analysis/backfill',
    access: { permission: 'brand.manage' },
    summary: "Analyses a brand's files that have no result of their latest version yet (a job)",
    params: IdParams,
    response: AnalysisBackfillQueued,
    status: 202,
  }),
};

import { z } from 'zod';

/** What is inside files (issue 42 §6): the analyses, each turned on or off per installation and brand. */
export const ANALYSIS_KINDS = ['text', 'objects', 'faces', 'colours'] as const;
export type AnalysisKindName = (typeof ANALYSIS_KINDS)[number];

/** The object labels' confidence threshold: labels below it are not suggested or found. */
export const OBJECT_THRESHOLD_MIN = 0.05;
export const OBJECT_THRESHOLD_MAX = 0.95;

/** A brand's switches; `faces` is changed only by an admin, on the people screen. */
export const AnalysisSettings = z.object({
  text: z.boolean(),
  objects: z.boolean(),
  faces: z.boolean(),
  colours: z.boolean(),
  object_threshold: z.number(),
});
export type AnalysisSettings = z.infer<typeof AnalysisSettings>;

/** What a brand manager changes: every switch but faces, and the objects' threshold (a share, 0.05–0.95). */
export const AnalysisSettingsBody = z.strictObject({
  text: z.boolean(),
  objects: z.boolean(),
  colours: z.boolean(),
  object_threshold: z.number().min(OBJECT_THRESHOLD_MIN).max(OBJECT_THRESHOLD_MAX),
});
export type AnalysisSettingsBody = z.infer<typeof AnalysisSettingsBody>;

/**
 * One analysis in a brand: `running` when both the installation and the brand have it on; the
 * counts are of the brand's active files it applies to, by the state of their latest version's
 * result (`pending`: not analysed yet, or only while it was off).
 */
export const AnalysisStatus = z.object({
  kind: z.enum(ANALYSIS_KINDS),
  running: z.boolean(),
  done: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});
export type AnalysisStatus = z.infer<typeof AnalysisStatus>;

/** `installation`: the analyses this installation runs at all (the others stay off in every brand). */
export const AnalysisAnswer = z.object({
  settings: AnalysisSettings,
  installation: z.array(z.enum(ANALYSIS_KINDS)),
  analyses: z.array(AnalysisStatus),
});
export type AnalysisAnswer = z.infer<typeof AnalysisAnswer>;

export const AnalysisBackfillQueued = z.object({ job_id: z.number().int(), total: z.number().int() });

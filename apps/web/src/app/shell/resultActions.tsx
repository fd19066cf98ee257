import type { ReactNode } from 'react';
import type { Job } from '@brandvault/contract';
import { DownloadJobAction } from '../../features/downloads/DownloadJobAction';
import { ImportJobAction } from '../../features/reports/ImportJobAction';

/** What a done job offers in the shell's list (a download button), from its result. */
export type JobResultAction = (job: Job) => ReactNode;

/**
 * Per job name. Features that start jobs add theirs here (`assets.zip` → a download of
 * `result.key`); a job without one just says it is done.
 */
export const jobResultActions: Partial<Record<string, JobResultAction>> = {
  'downloads.build': (job) => <DownloadJobAction job={job} />,
  'guidelines.pdf': (job) => <DownloadJobAction job={job} />,
  'reports.preview': (job) => <ImportJobAction job={job} />,
  'reports.apply': (job) => <ImportJobAction job={job} />,
};

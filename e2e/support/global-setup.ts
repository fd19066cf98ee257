import { writeFileSync } from 'node:fs';
import type { FullConfig } from '@playwright/test';
import { ADMIN } from './fixtures';
import { signedInState } from './session';

/** Signs the administrator in once through the API; journeys start from the state it stores. */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]!.use.baseURL!;
  const signedIn = await signedInState(baseURL, ADMIN.email, ADMIN.password);
  writeFileSync(process.env.E2E_ADMIN_STATE!, JSON.stringify(signedIn));
}

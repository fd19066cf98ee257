import { hash, verify } from '@node-rs/argon2';

// 2 is Algorithm.Argon2id; the package's const enum cannot be imported under isolatedModules.
const opts = { algorithm: 2 } as const;

export const hashPassword = (plain: string) => hash(plain, opts);

let dummy: Promise<string> | undefined;
/**
 * Verifies against the stored hash, or against a throwaway hash when there is no user, so a
 * wrong e-mail costs the same time as a wrong password.
 */
export async function checkPassword(stored: string | undefined, plain: string): Promise<boolean> {
  const target = stored ?? (await (dummy ??= hashPassword('not-a-real-password')));
  const ok = await verify(target, plain).catch(() => false);
  return ok && stored !== undefined;
}

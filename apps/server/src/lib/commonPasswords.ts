import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** How many of the most used passwords are refused (the list is ranked, most common first). */
const REFUSED = 10_000;

let refused: Set<string> | undefined;

/**
 * zxcvbn-ts's ranked list of leaked passwords, read once on first use: a password among its
 * first 10,000 (in any letter case) is one an attacker tries first.
 */
export function isCommonPassword(plain: string): boolean {
  if (!refused) {
    const require = createRequire(import.meta.url);
    const file = require.resolve('@zxcvbn-ts/language-common/src/passwords.json');
    const ranked = JSON.parse(readFileSync(file, 'utf8')) as string[];
    refused = new Set(ranked.slice(0, REFUSED).map((p) => p.toLowerCase()));
  }
  return refused.has(plain.toLowerCase());
}

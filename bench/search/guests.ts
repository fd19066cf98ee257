// Guests of the bench brand for `bench:search --as guest`: the seed makes one, and the list route
// allows each user 600 requests a minute, so the timed requests go round 21 as the member's do.
import type { Db } from '../../apps/server/src/db/index.js';
import { hashPassword } from '../../apps/server/src/lib/passwords.js';
import { newUserRow } from '../../apps/server/src/modules/users/userRow.js';
import { BENCH_PASSWORD, USERS } from '../lib/common.js';

export const guestEmail = (i: number) => `bench-guest-${String(i).padStart(4, '0')}@example.com`;

/** The seeded guest and `extra` more (made on first use, as the seed makes its users), by email. */
export async function benchGuests(db: Db, brandId: number, extra: number): Promise<string[]> {
  const emails = Array.from({ length: extra }, (_, i) => guestEmail(i + 1));
  const have = new Set(
    emails.length
      ? (await db.selectFrom('users').select('email').where('email', 'in', emails).execute()).map((r) => r.email)
      : [],
  );
  const missing = emails.filter((e) => !have.has(e));
  if (missing.length) {
    const now = new Date().toISOString();
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    await db.transaction().execute(async (trx) => {
      const role = await trx.selectFrom('roles').select('id').where('name', '=', 'guest').executeTakeFirstOrThrow();
      const rows = await trx
        .insertInto('users')
        .values(
          missing.map((email, i) =>
            newUserRow({
              first_name: 'Guest',
              last_name: `Bench ${i + 1}`,
              email,
              password_hash: passwordHash,
              at: now,
              status: 'ACTIVE',
              verified_at: now,
              approved_at: now,
            }),
          ),
        )
        .returning('id')
        .execute();
      await trx
        .insertInto('user_roles')
        .values(rows.map((r) => ({ user_id: r.id, role_id: role.id })))
        .execute();
      await trx
        .insertInto('user_brands')
        .values(rows.map((r) => ({ user_id: r.id, brand_id: brandId })))
        .execute();
    });
  }
  return [USERS.guest, ...emails];
}

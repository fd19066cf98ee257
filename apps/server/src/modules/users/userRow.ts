import type { Insertable } from 'kysely';
import type { UsersTable } from '../../db/schema.js';

/**
 * A new users row: the fields a caller knows, everything optional left empty. One place, so the
 * seed, registration, the admin's create and the benchmark seed cannot drift apart.
 */
export function newUserRow(u: {
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string;
  at: string;
  lang?: string;
  status?: 'ACTIVE' | 'INACTIVE';
  verified_at?: string | null;
  approved_at?: string | null;
  company?: string | null;
  country?: string | null;
  phone?: string | null;
  position?: string | null;
}): Insertable<UsersTable> {
  return {
    first_name: u.first_name,
    last_name: u.last_name,
    email: u.email,
    password_hash: u.password_hash,
    lang: u.lang ?? 'en',
    status: u.status ?? 'INACTIVE',
    verified_at: u.verified_at ?? null,
    approved_at: u.approved_at ?? null,
    photo_uri: null,
    company: u.company ?? null,
    country: u.country ?? null,
    phone: u.phone ?? null,
    position: u.position ?? null,
    menu_settings: null,
    created_at: u.at,
    updated_at: u.at,
  };
}

/** The person fields a sign-up and an admin's create share (the contract's person field sets). */
export const personOf = (b: {
  first_name: string;
  last_name: string;
  email: string;
  company?: string | null;
  country?: string | null;
  phone?: string | null;
  position?: string | null;
}) => ({
  first_name: b.first_name,
  last_name: b.last_name,
  email: b.email,
  company: b.company,
  country: b.country,
  phone: b.phone,
  position: b.position,
});

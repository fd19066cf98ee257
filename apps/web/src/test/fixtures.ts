import type { LoginResponse } from '@brandvault/contract';

export const brand = { id: 7, name: 'Acme', slug: 'acme', status: 'ACTIVE' as const, image_uri: null, logo_uri: null };

export const loginAnswer: LoginResponse = {
  token: 'test-token',
  session_user: {
    id: 1,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    lang: 'en',
    status: 'ACTIVE',
    verified_at: null,
    photo_uri: null,
    company: null,
    country: null,
    phone: null,
    position: null,
    user_settings: { menu: [] },
    roles: [{ name: 'member' }],
    brands: [brand],
  },
  permissions: [{ name: 'brand.view' }, { name: 'collection.view' }],
  emulator: { isEmulating: false, admin_id: null },
};

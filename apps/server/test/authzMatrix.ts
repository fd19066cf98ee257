/**
 * The authorization matrix: for every route the server registers, the status each kind of caller
 * must get for a valid request on brand A's objects. These are the SECURE answers, not whatever
 * the code answers today; a route missing here fails the test, so none goes in unchecked.
 *
 * Principals: anonymous (no token); guest, member, manager (that role, assigned to brand A);
 * admin; otherBrand (manager of brand B only, acting on brand A); direct (guest of brand A holding
 * the single direct permission user.manage, the escalation vector); apiKey (an API key of a
 * member of brand A scoped to all of the member's permissions, issue 41 §3), whose answers are
 * the member column's except on the routes refused to keys.
 */
export const PRINCIPALS = [
  'anonymous',
  'guest',
  'member',
  'manager',
  'admin',
  'otherBrand',
  'direct',
  'apiKey',
] as const;
export type Principal = (typeof PRINCIPALS)[number];
/** The principals the table's columns name; `apiKey`'s answers are derived (see `keyAnswer`). */
const COLUMNS = PRINCIPALS.slice(0, 7);

/** 403, 404 or 422: the call is refused, whichever way a fix chooses to say so. */
export const REFUSED = 'refused';
export type Expected = number | typeof REFUSED;
type Row = readonly [Expected, Expected, Expected, Expected, Expected, Expected, Expected];

// Columns:                                               anon guest member manager admin other direct
const table: Record<string, Row> = {
  'GET /api/health': [200, 200, 200, 200, 200, 200, 200],
  'GET /api/health/ready': [200, 200, 200, 200, 200, 200, 200],
  'GET /api/docs': [200, 200, 200, 200, 200, 200, 200],
  // Operators' metrics: a caller on loopback while METRICS_TOKEN is unset, whoever is signed in;
  // from elsewhere, through a proxy or without the token it is a 404 (metrics.test.ts).
  'GET /api/metrics': [200, 200, 200, 200, 200, 200, 200],
  'GET /api/auth/csrf-cookie': [204, 204, 204, 204, 204, 204, 204],
  'POST /api/login': [200, 200, 200, 200, 200, 200, 200],
  'POST /api/logout': [401, 200, 200, 200, 200, 200, 200],
  // Signed-out-only calls (access 'guest') refuse a signed-in caller.
  'POST /api/auth/register': [201, 403, 403, 403, 403, 403, 403],
  'POST /api/auth/forgot-password': [200, 403, 403, 403, 403, 403, 403],
  'POST /api/auth/reset-password/check': [200, 403, 403, 403, 403, 403, 403],
  'POST /api/auth/reset-password': [200, 403, 403, 403, 403, 403, 403],
  'GET /api/auth/me': [401, 200, 200, 200, 200, 200, 200],
  'PATCH /api/auth/user/update': [401, 200, 200, 200, 200, 200, 200],
  'PATCH /api/auth/user/password/update': [401, 200, 200, 200, 200, 200, 200],
  // The tour's outcome: every role holds user.tour (the help button's permission).
  'PATCH /api/auth/user/tour/update': [401, 200, 200, 200, 200, 200, 200],
  // Two-factor (issue 41 §2): one's own for anyone signed in; the code steps after a right password
  // are public (the challenge is the proof); an API key is refused on all of them (twoFactor.policy).
  'GET /api/auth/two-factor': [401, 200, 200, 200, 200, 200, 200],
  'POST /api/auth/two-factor/setup': [401, 200, 200, 200, 200, 200, 200],
  'POST /api/auth/two-factor/confirm': [401, 200, 200, 200, 200, 200, 200],
  'POST /api/auth/two-factor/disable': [401, 200, 200, 200, 200, 200, 200],
  'POST /api/auth/two-factor/recovery-codes': [401, 200, 200, 200, 200, 200, 200],
  'POST /api/login/two-factor': [200, 200, 200, 200, 200, 200, 200],
  'POST /api/login/two-factor/setup': [200, 200, 200, 200, 200, 200, 200],
  'POST /api/login/two-factor/enable': [200, 200, 200, 200, 200, 200, 200],
  'GET /api/auth/check/isAuth': [200, 200, 200, 200, 200, 200, 200],
  // The first run (issue 27 §7): the organisation's name is public (the sign-in page shows it);
  // the setup state and its changes are the administrators' alone.
  'GET /api/organisation': [200, 200, 200, 200, 200, 200, 200],
  // A sign-in return path's brand face (issue 44 §5): public, its name, logo and accent only.
  'GET /api/brand-face': [200, 200, 200, 200, 200, 200, 200],
  'GET /api/ops/setup': [401, 403, 403, 403, 200, 403, 403],
  'PUT /api/ops/setup/organisation': [401, 403, 403, 403, 200, 403, 403],
  'POST /api/ops/setup/finish': [401, 403, 403, 403, 200, 403, 403],
  'GET /api/auth/check/isGuest': [200, 200, 200, 200, 200, 200, 200],
  'GET /api/auth/check/hasVerifiedEmail': [401, 200, 200, 200, 200, 200, 200],
  'POST /api/auth/email/verification-notification': [202, 202, 202, 202, 202, 202, 202],
  'POST /api/auth/email/verify': [200, 200, 200, 200, 200, 200, 200],

  // Users: user.view reads, user.manage writes; a non-admin only reaches users sharing a brand.
  // Members hold user.view since issue 44 §6 (spec §1: they request the users report).
  // The user created is a guest of brand A: all a holder of user.manage may hand out (see probes).
  'GET /api/ops/users/all': [401, 403, 200, 200, 200, 200, 403],
  'PUT /api/ops/users/statistics': [401, 403, 200, 200, 200, 200, 403],
  'POST /api/ops/users/create': [401, 403, 403, 403, 201, 403, 201],
  // An invitation hands out the same grants as a create, so it follows the same rules.
  'POST /api/ops/users/invite': [401, 403, 403, 403, 201, 403, 201],
  'GET /api/ops/users/:id': [401, 403, 200, 200, 200, 404, 403],
  'PATCH /api/ops/users/:id/edit': [401, 403, 403, 403, 200, 403, 200],
  'PATCH /api/ops/users/:id/status/change': [401, 403, 403, 403, 200, 403, 200],
  'PATCH /api/ops/users/:id/status/approve': [401, 403, 403, 403, 200, 403, 200],
  'PATCH /api/ops/users/:id/login/unlock': [401, 403, 403, 403, 200, 403, 200],
  // Whether a user's two-factor is on reads like the user; a reset (lost phone) is managed like an unlock.
  'GET /api/ops/users/:id/two-factor': [401, 403, 200, 200, 200, 404, 403],
  'PATCH /api/ops/users/:id/two-factor/reset': [401, 403, 403, 403, 200, 403, 200],
  'GET /api/ops/users/grantable': [401, 403, 403, 403, 200, 403, 200],
  // Profile photos: one's own for anyone signed in (probes); another's with user.manage, as an edit.
  'POST /api/ops/users/:id/photo/upload': [401, 403, 403, 403, 201, 403, 201],
  'POST /api/ops/users/:id/photo/:photoId/update': [401, 403, 403, 403, 200, 403, 200],
  'DELETE /api/ops/users/:id/photo': [401, 403, 403, 403, 200, 403, 200],
  // Emulation: administrators only (user.emulate and the admin role); ending needs an emulated session.
  'POST /api/ops/users/:id/switch': [401, 403, 403, 403, 200, 403, 403],
  'POST /api/ops/users/:id/switch/end': [401, 403, 403, 403, 403, 403, 403],

  // Single sign-on (issue 41 §1): the sign-in page's buttons, the browser's round trip and the
  // one-time codes are public (the code is the proof, each call has its own); back-channel logout
  // takes only a token the provider signed. Provider settings and SSO-only roles: admins only.
  'GET /api/sso/providers': [200, 200, 200, 200, 200, 200, 200],
  'GET /api/sso/providers/:id/start': [302, 302, 302, 302, 302, 302, 302],
  'GET /api/sso/callback': [302, 302, 302, 302, 302, 302, 302],
  'POST /api/sso/complete': [200, 200, 200, 200, 200, 200, 200],
  'POST /api/sso/link/info': [200, 200, 200, 200, 200, 200, 200],
  'POST /api/sso/link/password': [200, 200, 200, 200, 200, 200, 200],
  'POST /api/sso/link/mail': [200, 200, 200, 200, 200, 200, 200],
  'POST /api/sso/link/confirm': [200, 200, 200, 200, 200, 200, 200],
  'POST /api/sso/backchannel-logout/:id': [400, 400, 400, 400, 400, 400, 400],
  'GET /api/ops/sso/providers': [401, 403, 403, 403, 200, 403, 403],
  'POST /api/ops/sso/providers': [401, 403, 403, 403, 201, 403, 403],
  'PATCH /api/ops/sso/providers/:id': [401, 403, 403, 403, 200, 403, 403],
  'DELETE /api/ops/sso/providers/:id': [401, 403, 403, 403, 200, 403, 403],
  'POST /api/ops/sso/providers/:id/test': [401, 403, 403, 403, 200, 403, 403],
  'GET /api/ops/sso/roles': [401, 403, 403, 403, 200, 403, 403],
  'PUT /api/ops/sso/roles/:id': [401, 403, 403, 403, 200, 403, 403],

  // Roles: role.view and role.manage are admin-only permissions.
  'GET /api/ops/roles/all': [401, 403, 403, 403, 200, 403, 403],
  'POST /api/ops/roles/create': [401, 403, 403, 403, 201, 403, 403],
  'PATCH /api/ops/roles/:id/update': [401, 403, 403, 403, 200, 403, 403],
  'DELETE /api/ops/roles/:id/delete': [401, 403, 403, 403, 200, 403, 403],
  'GET /api/ops/roles/two-factor': [401, 403, 403, 403, 200, 403, 403],
  'PUT /api/ops/roles/:id/two-factor': [401, 403, 403, 403, 200, 403, 403],

  // Brands: ids of brands a caller is not assigned to answer 404.
  'GET /api/ops/brand/list': [401, 200, 200, 200, 200, 200, 200],
  'GET /api/ops/brand/all': [401, 403, 403, 403, 200, 403, 403],
  'POST /api/ops/brand/create': [401, 403, 403, 403, 201, 403, 403],
  'GET /api/ops/brand/:id': [401, 200, 200, 200, 200, 404, 200],
  'POST /api/ops/brand/:id/update': [401, 403, 403, 403, 200, 403, 403],
  'PATCH /api/ops/brand/:id/status/update': [401, 403, 403, 403, 200, 403, 403],
  // Watermarks: whoever sees the brand reads its mark; its managers (asset.manage) and brand.manage
  // set it; the trace tool is the administrators' (role admin, like the audit log).
  'GET /api/asset/watermark': [401, 200, 200, 200, 200, 404, 200],
  'GET /api/ops/brand/:id/watermark': [401, 200, 200, 200, 200, 404, 200],
  'POST /api/ops/brand/:id/watermark': [401, 403, 403, 200, 200, 404, 403],
  'POST /api/ops/watermark/trace': [401, 403, 403, 403, 200, 403, 403],
  // NAS sync (issue 29): sources are read with asset.view within the brand, and set up, changed,
  // deleted and run by the brand's managers (asset.manage in the brand) and administrators.
  'GET /api/asset/sync/roots': [401, 403, 403, 200, 200, 200, 403],
  'GET /api/asset/sync/source/list': [401, 403, 200, 200, 200, 404, 403],
  'GET /api/asset/sync/source/:id': [401, 403, 200, 200, 200, 404, 403],
  'POST /api/asset/sync/source': [401, 403, 403, 201, 201, 404, 403],
  'PUT /api/asset/sync/source/:id': [401, 403, 403, 200, 200, 404, 403],
  'DELETE /api/asset/sync/source/:id': [401, 403, 403, 200, 200, 404, 403],
  'POST /api/asset/sync/source/:id/run': [401, 403, 403, 202, 202, 404, 403],
  'GET /api/asset/sync/source/:id/runs': [401, 403, 200, 200, 200, 404, 403],
  'GET /api/asset/sync/run/:id': [401, 403, 200, 200, 200, 404, 403],
  'GET /api/asset/sync/run/:id/items': [401, 403, 200, 200, 200, 404, 403],
  // Webhooks (issue 41 §4): a brand's settings, for its managers (asset.manage within the brand)
  // and administrators; others' brands answer 404.
  'GET /api/brand/webhook/list': [401, 403, 403, 200, 200, 404, 403],
  'POST /api/brand/webhook': [401, 403, 403, 201, 201, 404, 403],
  'GET /api/brand/webhook/:id': [401, 403, 403, 200, 200, 404, 403],
  'PUT /api/brand/webhook/:id': [401, 403, 403, 200, 200, 404, 403],
  'DELETE /api/brand/webhook/:id': [401, 403, 403, 200, 200, 404, 403],
  'POST /api/brand/webhook/:id/rotate': [401, 403, 403, 200, 200, 404, 403],
  'POST /api/brand/webhook/:id/enable': [401, 403, 403, 200, 200, 404, 403],
  'POST /api/brand/webhook/:id/test': [401, 403, 403, 202, 202, 404, 403],
  'GET /api/brand/webhook/:id/deliveries': [401, 403, 403, 200, 200, 404, 403],
  'POST /api/brand/webhook/:id/deliveries/:deliveryId/redeliver': [401, 403, 403, 202, 202, 404, 403],
  // Usage rights (issue 40 §1): rights.manage (managers, administrators) within the brands they
  // see; an asset's Rights panel is read by whoever sees the asset.
  'GET /api/ops/brand/:id/licences': [401, 403, 403, 200, 200, 404, 403],
  'POST /api/ops/brand/:id/licences': [401, 403, 403, 201, 201, 404, 403],
  'GET /api/ops/brand/:id/licences/export': [401, 403, 403, 200, 200, 404, 403],
  'GET /api/ops/licence/:id': [401, 403, 403, 200, 200, 404, 403],
  'PUT /api/ops/licence/:id': [401, 403, 403, 200, 200, 404, 403],
  'DELETE /api/ops/licence/:id': [401, 403, 403, 200, 200, 404, 403],
  'POST /api/ops/licence/:id/documents': [401, 403, 403, 201, 201, 404, 403],
  'POST /api/ops/licence/:id/assets': [401, 403, 403, 200, 200, 404, 403],
  'GET /api/ops/brand/:id/consents': [401, 403, 403, 200, 200, 404, 403],
  'POST /api/ops/brand/:id/consents': [401, 403, 403, 201, 201, 404, 403],
  'GET /api/ops/brand/:id/consents/export': [401, 403, 403, 200, 200, 404, 403],
  'GET /api/ops/consent/:id': [401, 403, 403, 200, 200, 404, 403],
  'PUT /api/ops/consent/:id': [401, 403, 403, 200, 200, 404, 403],
  'DELETE /api/ops/consent/:id': [401, 403, 403, 200, 200, 404, 403],
  'POST /api/ops/consent/:id/documents': [401, 403, 403, 201, 201, 404, 403],
  'GET /api/ops/rights/document/:id': [401, 403, 403, 200, 200, 404, 403],
  'DELETE /api/ops/rights/document/:id': [401, 403, 403, 200, 200, 404, 403],
  'GET /api/ops/asset/:id/rights': [401, 200, 200, 200, 200, 404, 200],
  'PUT /api/ops/asset/:id/rights': [401, 403, 403, 200, 200, 404, 403],
  // Brand guidelines (issue 45): whoever sees the brand reads its published pages;
  // guidelines.manage (managers, administrators) writes them within the brands it sees.
  'GET /api/ops/brand/:id/guidelines': [401, 200, 200, 200, 200, 404, 200],
  'POST /api/ops/brand/:id/guidelines': [401, 403, 403, 201, 201, 404, 403],
  'GET /api/ops/guideline/:id': [401, 200, 200, 200, 200, 404, 200],
  'PUT /api/ops/guideline/:id': [401, 403, 403, 200, 200, 404, 403],
  'POST /api/ops/guideline/:id/move': [401, 403, 403, 200, 200, 404, 403],
  'POST /api/ops/guideline/:id/publish': [401, 403, 403, 200, 200, 404, 403],
  'DELETE /api/ops/guideline/:id': [401, 403, 403, 200, 200, 404, 403],
  'GET /api/ops/guideline/:id/versions': [401, 403, 403, 200, 200, 404, 403],
  'GET /api/ops/guideline/:id/versions/:number': [401, 403, 403, 200, 200, 404, 403],
  'POST /api/ops/guideline/:id/revert': [401, 403, 403, 200, 200, 404, 403],
  'GET /api/ops/asset/:id/guidelines': [401, 200, 200, 200, 200, 404, 200],
  'GET /api/ops/brand/:id/guidelines/search': [401, 200, 200, 200, 200, 404, 200],
  // Public guidelines links: the brand's guidelines managers make, list and revoke them; the link
  // itself is the principal of the public routes, whoever calls them (signed in or not).
  'POST /api/ops/brand/:id/guidelines/links': [401, 403, 403, 201, 201, 404, 403],
  'GET /api/ops/brand/:id/guidelines/links': [401, 403, 403, 200, 200, 404, 403],
  'POST /api/ops/brand/:id/guidelines/links/:link/revoke': [401, 403, 403, 200, 200, 404, 403],
  'GET /api/ops/guidelines/public/:token': [200, 200, 200, 200, 200, 200, 200],
  'POST /api/ops/guidelines/public/:token/unlock': [200, 200, 200, 200, 200, 200, 200],
  'GET /api/ops/guidelines/public/:token/page/:pageId': [200, 200, 200, 200, 200, 200, 200],
  'GET /api/ops/guidelines/public/:token/asset/:assetId/:kind': [200, 200, 200, 200, 200, 200, 200],
  // Conversions and crops through the link: whoever holds a link with the download right.
  'GET /api/ops/guidelines/public/:token/asset/:assetId/crop': [200, 200, 200, 200, 200, 200, 200],
  // Guidelines as PDF: whoever reads the brand's guidelines exports them.
  'POST /api/ops/brand/:id/guidelines/pdf': [401, 202, 202, 202, 202, 404, 202],
  'POST /api/ops/guideline/:id/pdf': [401, 202, 202, 202, 202, 404, 202],
  // A brand's own metadata (issue 39): whoever sees the brand reads its fields and vocabularies;
  // metadata.manage (managers, administrators) changes them within the brands they see. An
  // asset's values are read by whoever sees it and set with asset.update.
  'GET /api/ops/brand/:id/metadata/fields': [401, 200, 200, 200, 200, 404, 200],
  // Required-field gaps (issue 39 §3): for those who manage metadata, within brands they see.
  'GET /api/ops/brand/:id/metadata/gaps': [401, 403, 403, 200, 200, 404, 403],
  'POST /api/ops/brand/:id/metadata/fields': [401, 403, 403, 201, 201, 404, 403],
  'PUT /api/ops/brand/:id/metadata/fields/order': [401, 403, 403, 200, 200, 404, 403],
  'PATCH /api/ops/metadata/field/:id': [401, 403, 403, 200, 200, 404, 403],
  'DELETE /api/ops/metadata/field/:id': [401, 403, 403, 200, 200, 404, 403],
  'GET /api/ops/brand/:id/metadata/vocabularies': [401, 200, 200, 200, 200, 404, 200],
  // Keyword type-ahead: whoever sees the brand.
  'GET /api/ops/brand/:id/keywords/suggest': [401, 200, 200, 200, 200, 404, 200],
  'POST /api/ops/brand/:id/metadata/vocabularies': [401, 403, 403, 201, 201, 404, 403],
  'PATCH /api/ops/metadata/vocabulary/:id': [401, 403, 403, 200, 200, 404, 403],
  'DELETE /api/ops/metadata/vocabulary/:id': [401, 403, 403, 200, 200, 404, 403],
  'GET /api/ops/metadata/vocabulary/:id/options': [401, 200, 200, 200, 200, 404, 200],
  'POST /api/ops/metadata/vocabulary/:id/options': [401, 403, 403, 201, 201, 404, 403],
  'POST /api/ops/metadata/vocabulary/:id/import': [401, 403, 403, 200, 200, 404, 403],
  'PATCH /api/ops/metadata/option/:id': [401, 403, 403, 200, 200, 404, 403],
  'POST /api/ops/metadata/option/:id/move': [401, 403, 403, 200, 200, 404, 403],
  'POST /api/ops/metadata/option/:id/merge': [401, 403, 403, 200, 200, 404, 403],
  'POST /api/ops/metadata/option/:id/retire': [401, 403, 403, 200, 200, 404, 403],
  'GET /api/ops/asset/:id/fields': [401, 200, 200, 200, 200, 404, 200],
  'PUT /api/ops/asset/:id/fields': [401, 403, 200, 200, 200, 404, 403],
  // Bulk edits (issue 39 §5) need asset.update on every chosen asset; brand A's member's edit is
  // followed and undone by that member or an administrator only.
  'POST /api/ops/metadata/bulk/preview': [401, 403, 200, 200, 200, 404, 403],
  'POST /api/ops/metadata/bulk': [401, 403, 202, 202, 202, 404, 403],
  'GET /api/ops/metadata/bulk/:id': [401, 403, 200, 404, 200, 404, 403],
  'POST /api/ops/metadata/bulk/:id/undo': [401, 403, 202, 404, 202, 404, 403],
  // Saved searches (issue 39 §6), on a search of brand A the administrator owns and shared:
  // whoever sees the brand lists, pins and runs it; only its owner renames it; metadata.manage
  // unshares or deletes it. Saving takes a folder the caller sees.
  'GET /api/ops/saved-search/list': [401, 200, 200, 200, 200, 404, 200],
  'POST /api/ops/saved-search/new': [401, 201, 201, 201, 201, REFUSED, 201],
  'PATCH /api/ops/saved-search/:id': [401, 403, 403, 403, 200, 404, 403],
  'POST /api/ops/saved-search/:id/pin': [401, 200, 200, 200, 200, 404, 200],
  'POST /api/ops/saved-search/:id/share': [401, 403, 403, 200, 200, 404, 403],
  'DELETE /api/ops/saved-search/:id': [401, 403, 403, 200, 200, 404, 403],
  'GET /api/ops/saved-search/:id/results': [401, 200, 200, 200, 200, 404, 200],
  // Which field each embedded source fills: read with the brand, set with metadata.manage.
  'GET /api/ops/brand/:id/metadata/mapping': [401, 200, 200, 200, 200, 404, 200],
  'PUT /api/ops/brand/:id/metadata/mapping': [401, 403, 403, 200, 200, 404, 403],
  'GET /api/ops/brand/:id/crop/presets': [401, 200, 200, 200, 200, 404, 200],
  'PUT /api/ops/brand/:id/crop/presets': [401, 403, 403, 200, 200, 404, 403],

  // The audit log: role admin only (§6), whatever permissions a caller holds.
  'GET /api/ops/audit/all': [401, 403, 403, 403, 200, 403, 403],
  'POST /api/ops/audit/verify': [401, 403, 403, 403, 200, 403, 403],
  // The dashboard's recent activity (dashboard.view): administrators read everyone's, others their own.
  'GET /api/ops/audit/recent': [401, 403, 200, 200, 200, 200, 403],
  // The upload allow-list: role admin only (§6 manage extensions).
  'GET /api/ops/extension/all': [401, 403, 403, 403, 200, 403, 403],
  // Type names only, for the upload dialog: whoever may upload anywhere.
  'GET /api/ops/extension/allowed': [401, 403, 200, 200, 200, 200, 403],
  'POST /api/ops/extension/create': [401, 403, 403, 403, 201, 403, 403],
  'PUT /api/ops/extension/:id/status/change': [401, 403, 403, 403, 200, 403, 403],

  // Folders: the tree of one folder is asked for the PRIVATE folder (guests see PUBLIC only).
  'GET /api/ops/folder/tree': [401, 200, 200, 200, 200, 404, 200],
  'GET /api/ops/folder/tree/:id': [401, 404, 200, 200, 200, 404, 404],
  // Members organise folders (spec §1, issue 44 §6): folder.manage is in their seeded role.
  'POST /api/ops/folder/new': [401, 403, 201, 201, 201, 404, 403],
  'GET /api/ops/folder/:id': [401, 200, 200, 200, 200, 404, 200],
  'POST /api/ops/folder/:id/move': [401, 403, 200, 200, 200, 404, 403],
  'POST /api/ops/folder/:id/update': [401, 403, 200, 200, 200, 404, 403],
  'GET /api/ops/folder/:id/get/assets': [401, 200, 200, 200, 200, 404, 200],
  'PUT /api/ops/folder/:id/status/change': [401, 403, 200, 200, 200, 404, 403],
  // Folders the caller cannot see are left out of the answer, not refused.
  'PUT /api/ops/folder/statistics': [401, 200, 200, 200, 200, 200, 200],
  // The Trash: asset.manage within the brand (its managers and admins).
  'GET /api/ops/folder/trash': [401, 403, 403, 200, 200, 404, 403],
  'POST /api/ops/folder/:id/restore': [401, 403, 403, 200, 200, 404, 403],
  'DELETE /api/ops/folder/:id/purge': [401, 403, 403, 200, 200, 404, 403],

  // Browse and search: GET on the PUBLIC folder, POST on the PRIVATE one.
  'GET /api/ops/asset/list/all/:id': [401, 200, 200, 200, 200, 404, 200],
  'POST /api/ops/asset/list/all/:id': [401, 404, 200, 200, 200, 404, 404],
  // A signed link is its own credential.
  'GET /api/media/*': [200, 200, 200, 200, 200, 200, 200],

  // Assets (in the PUBLIC folder).
  'POST /api/ops/asset/:brandId/:folderId/new': [401, 403, 201, 201, 201, 404, 403],
  'PUT /api/ops/asset/:id/edit': [401, 403, 200, 200, 200, 404, 403],
  'GET /api/ops/asset/:id/view': [401, 200, 200, 200, 200, 404, 200],
  'POST /api/ops/asset/all/move/:folderId': [401, 403, 200, 200, 200, 404, 403],
  'POST /api/ops/asset/:id/copy': [401, 403, 201, 201, 201, 404, 403],
  'PUT /api/ops/asset/:id/status/change': [401, 403, 403, 200, 200, 404, 403],
  // One Trash (issue 44 §2): removed assets for those who may remove them (their own without
  // asset.manage); delete forever with asset.manage, as the folders' Trash.
  'GET /api/ops/asset/trash': [401, 403, 403, 200, 200, 404, 403],
  'DELETE /api/ops/asset/:id/purge': [401, 403, 403, 200, 200, 404, 403],
  // The all-assets table (asset.manage): brand A's asset listed for its manager and administrators,
  // not for brand B's manager. Bulk remove and restore: asset.delete, every id in reach or 404.
  'GET /api/ops/asset/all': [401, 403, 403, 200, 200, 404, 403],
  'POST /api/ops/asset/all/status/change': [401, 403, 403, 200, 200, 404, 403],
  'GET /api/ops/asset/:id/download': [401, 200, 200, 200, 200, 404, 200],
  // Colours and look-alikes (issue 42 §4): as visible as the asset; look-alikes the caller may not see are left out.
  'GET /api/ops/asset/:id/visuals': [401, 200, 200, 200, 200, 404, 200],
  'GET /api/ops/asset/:id/similar': [401, 200, 200, 200, 200, 404, 200],
  // The backfill re-reads every image of a brand: brand.manage (administrators) only.
  'POST /api/ops/brand/:id/visuals/backfill': [401, 403, 403, 403, 202, 403, 403],
  // Text inside files (issue 42 §1): as visible as the asset, guests included where they may view it.
  'GET /api/ops/asset/:id/text': [401, 200, 200, 200, 200, 404, 200],
  'GET /api/ops/asset/:id/text.txt': [401, 200, 200, 200, 200, 404, 200],
  // Objects and scenes (issue 42 §2): as visible as the asset; deciding on a suggested tag edits
  // the asset's keywords (asset.update); the brand's labels count only assets the caller sees.
  'GET /api/ops/asset/:id/labels': [401, 200, 200, 200, 200, 404, 200],
  'POST /api/ops/asset/:id/labels/:label/accept': [401, 403, 200, 200, 200, 404, 403],
  'POST /api/ops/asset/:id/labels/:label/reject': [401, 403, 200, 200, 200, 404, 403],
  'GET /api/ops/brand/:id/labels': [401, 200, 200, 200, 200, 404, 200],
  // Smart search settings and the backfill of every analysis (issue 42 §6): brand.manage only.
  'GET /api/ops/brand/:id/analysis': [401, 403, 403, 403, 200, 403, 403],
  'PUT /api/ops/brand/:id/analysis': [401, 403, 403, 403, 200, 403, 403],
  'POST /api/ops/brand/:id/analysis/backfill': [401, 403, 403, 403, 202, 403, 403],
  // People (issue 42 §3): only administrators switch faces (personal data); a person, a face and
  // its crop are as visible as the assets they appear in; naming, merging, splitting and hiding
  // take asset.update in the person's brand.
  'PUT /api/ops/brand/:id/faces': [401, 403, 403, 403, 200, 403, 403],
  'GET /api/ops/brand/:id/people': [401, 200, 200, 200, 200, 404, 200],
  'GET /api/ops/person/:id': [401, 200, 200, 200, 200, 404, 200],
  'PUT /api/ops/person/:id/name': [401, 403, 200, 200, 200, 404, 403],
  'POST /api/ops/person/:id/merge': [401, 403, 200, 200, 200, 404, 403],
  'POST /api/ops/person/:id/split': [401, 403, 201, 201, 201, 404, 403],
  'PUT /api/ops/person/:id/hidden': [401, 403, 200, 200, 200, 404, 403],
  'GET /api/ops/face/:id/crop': [401, 200, 200, 200, 200, 404, 200],
  'GET /api/ops/asset/:id/people': [401, 200, 200, 200, 200, 404, 200],
  'GET /api/ops/asset/:id/crop': [401, 200, 200, 200, 200, 404, 200],
  'POST /api/ops/asset/:id/download/confirm': [401, 200, 200, 200, 200, 404, 200],
  'PUT /api/ops/asset/statistics': [401, 200, 200, 200, 200, 404, 200],
  'POST /api/ops/asset/version/new': [401, 403, 201, 201, 201, 404, 403],
  // Zips and PDFs: asset.download (guests hold it) on assets the caller may download; the list
  // and a download are the caller's own; the file opens with the signed address its owner got.
  'POST /api/ops/asset/download/get/queue': [401, 202, 202, 202, 202, 404, 202],
  'GET /api/ops/asset/download/list': [401, 200, 200, 200, 200, 200, 200],
  'GET /api/ops/asset/download/:id': [401, 404, 404, 404, 404, 404, 404],
  'GET /api/ops/asset/download/:id/file': [200, 200, 200, 200, 200, 200, 200],
  'GET /api/ops/asset/:id/version/all': [401, 200, 200, 200, 200, 404, 200],
  'POST /api/ops/asset/:id/version/:number/restore': [401, 403, 201, 201, 201, 404, 403],

  // Shortcuts: the caller's own, to an asset or folder of brand A the caller sees (the PUBLIC
  // folder's); update and delete act on a shortcut the caller made first.
  'POST /api/ops/asset/:id/shortcut/create': [401, 201, 201, 201, 201, 404, 201],
  'PATCH /api/ops/asset/:id/shortcut/update': [401, 200, 200, 200, 200, 404, 200],
  'DELETE /api/ops/asset/:id/shortcut/delete': [401, 200, 200, 200, 200, 404, 200],
  'POST /api/ops/folder/:id/shortcut/create': [401, 201, 201, 201, 201, 404, 201],
  'PATCH /api/ops/folder/:id/shortcut/update': [401, 200, 200, 200, 200, 404, 200],
  'DELETE /api/ops/folder/:id/shortcut/delete': [401, 200, 200, 200, 200, 404, 200],
  // Collections and favourites: each caller's own (the call makes one first); adding takes an
  // asset of brand A's PUBLIC folder, which a manager of brand B cannot see.
  'POST /api/ops/collection/favorites/add': [401, 200, 200, 200, 200, 404, 200],
  'POST /api/ops/collection/favorites/remove': [401, 200, 200, 200, 200, 200, 200],
  'GET /api/ops/collection/favorites/assets/get': [401, 200, 200, 200, 200, 200, 200],
  'GET /api/ops/collection/own/list': [401, 200, 200, 200, 200, 200, 200],
  'POST /api/ops/collection/new': [401, 201, 201, 201, 201, 404, 201],
  'GET /api/ops/collection/:id/own/view': [401, 200, 200, 200, 200, 200, 200],
  'PATCH /api/ops/collection/:id/update': [401, 200, 200, 200, 200, 200, 200],
  'DELETE /api/ops/collection/:id/delete': [401, 200, 200, 200, 200, 200, 200],
  'POST /api/ops/collection/:id/assets/add': [401, 200, 200, 200, 200, 404, 200],
  'POST /api/ops/collection/:id/assets/remove': [401, 200, 200, 200, 200, 200, 200],
  'POST /api/ops/folder/:id/collection/create': [401, 201, 201, 201, 201, 404, 201],

  // Share links: the owner shares, lists and revokes links of their own collection; the world's
  // anyone-with-the-link link (the admin's, holding `asset`) opens signed in or out, its files
  // too; the password link unlocks with its password. Administering links is shareLink.view
  // (list) and shareLink.manage (revoke or change expiry), which managers hold.
  'POST /api/ops/collection/:id/share': [401, 201, 201, 201, 201, 201, 201],
  'GET /api/ops/collection/:id/share/list': [401, 200, 200, 200, 200, 200, 200],
  'GET /api/ops/collection/:id/share/recipients': [401, 200, 200, 200, 200, 200, 200],
  'POST /api/ops/collection/:id/share/:link/revoke': [401, 200, 200, 200, 200, 200, 200],
  'GET /api/ops/collection/shared/list': [401, 200, 200, 200, 200, 200, 200],
  'GET /api/ops/collection/:id/shared/:token/view': [401, 200, 200, 200, 200, 200, 200],
  'GET /api/ops/collection/:id/shared/:token/public/view': [200, 200, 200, 200, 200, 200, 200],
  'POST /api/ops/collection/:id/shared/:token/unlock': [200, 200, 200, 200, 200, 200, 200],
  'GET /api/ops/collection/:id/shared/:token/asset/:assetId/:kind': [200, 200, 200, 200, 200, 200, 200],
  'GET /api/ops/collection/:id/shared/:token/zip': [200, 200, 200, 200, 200, 200, 200],
  'GET /api/ops/share-link/all': [401, 403, 403, 200, 200, 200, 403],
  // Share-link administrators outside a link owner's brands neither list nor change it.
  'PATCH /api/ops/share-link/:id/update': [401, 403, 403, 200, 200, 404, 403],

  // Comments on the PUBLIC asset, which every principal but brand B's manager sees: comment.create
  // (every role) writes; edit and delete act on a comment the caller wrote first (brand B's manager
  // and anonymous callers name the administrator's); resolve and reopen on the administrator's.
  'GET /api/ops/asset/:id/comment/list': [401, 200, 200, 200, 200, 404, 200],
  'POST /api/ops/asset/:id/comment/add': [401, 201, 201, 201, 201, 404, 201],
  'PATCH /api/ops/asset/:id/comment/:comment/edit': [401, 200, 200, 200, 200, 404, 200],
  'DELETE /api/ops/asset/:id/comment/:comment/delete': [401, 200, 200, 200, 200, 404, 200],
  'POST /api/ops/asset/:id/comment/:comment/resolve': [401, 200, 200, 200, 200, 404, 200],
  'POST /api/ops/asset/:id/comment/:comment/reopen': [401, 200, 200, 200, 200, 404, 200],
  'GET /api/ops/asset/:id/comment/mentionable': [401, 200, 200, 200, 200, 404, 200],

  // Resumable uploads (tus): creating one into the PUBLIC folder; HEAD of the admin's upload,
  // which only its owner may see.
  'ALL /api/uploads': [401, 403, 201, 201, 201, 404, 403],
  // Upload requests (issue 40 §4): asking for files is uploading (asset.create into a folder the
  // caller sees); the list shows the caller's own, a manager's brands' and an admin's all; a brand's
  // manager closes its requests. The link's page, its unlock and its tus endpoint answer anyone
  // holding the live link; the asset page's origin follows the asset's sight.
  'POST /api/ops/upload-request/new': [401, 403, 201, 201, 201, 404, 403],
  'GET /api/ops/upload-request/list': [401, 403, 404, 200, 200, 404, 403],
  'POST /api/ops/upload-request/:id/close': [401, 403, 404, 200, 200, 404, 403],
  'GET /api/upload-request/open/:token': [200, 200, 200, 200, 200, 200, 200],
  'POST /api/upload-request/open/:token/unlock': [200, 200, 200, 200, 200, 200, 200],
  'GET /api/ops/asset/:id/upload-origin': [401, 200, 200, 200, 200, 404, 200],
  'ALL /api/upload-request/files': [201, 201, 201, 201, 201, 201, 201],
  'ALL /api/upload-request/files/*': [200, 200, 200, 200, 200, 200, 200],
  'ALL /api/uploads/*': [401, 403, 404, 404, 200, 404, 403],

  // Reports and templates: the users report is user.view's; asset templates asset.update's on
  // brand A's PUBLIC folder (brand B's manager cannot see it); the users template upload is
  // user.update's (administrators'); the audit export role admin's. An upload only stores the file
  // and schedules its preview, which refuses rows the uploader may not change. Imports are their
  // uploader's alone: brand A's member's answers 404 to everyone, administrators included.
  'GET /api/ops/report/get/users/all': [401, 403, 200, 200, 200, 200, 403],
  'POST /api/ops/report/get/asset/template': [401, 403, 200, 200, 200, 404, 403],
  'POST /api/ops/report/send/asset/template': [401, 403, 202, 202, 202, 404, 403],
  'POST /api/ops/report/send/user/template': [401, 403, 202, 202, 202, 202, 403],
  'POST /api/ops/report/get/audit/template': [401, 403, 403, 403, 200, 403, 403],
  'POST /api/ops/report/update/asset/template': [401, 403, 202, 202, 202, 202, 403],
  'POST /api/ops/report/update/user/template': [401, 403, 403, 403, 202, 403, 403],
  'GET /api/ops/report/import/list': [401, 200, 200, 200, 200, 200, 200],
  'GET /api/ops/report/import/:id': [401, 404, 404, 404, 404, 404, 404],
  'GET /api/ops/report/import/:id/rows': [401, 404, 404, 404, 404, 404, 404],
  'POST /api/ops/report/import/:id/apply': [401, 404, 404, 404, 404, 404, 404],
  'POST /api/ops/report/import/:id/cancel': [401, 404, 404, 404, 404, 404, 404],
  'GET /api/ops/report/import/:id/result': [401, 404, 404, 404, 404, 404, 404],

  // Jobs are private to the user who started them, administrators included: another user's job
  // (brand A's member's) answers 404; the probe asks for the caller's own.
  'GET /api/jobs/mine': [401, 200, 200, 200, 200, 200, 200],
  // The queue's counts (no payloads): administrators only.
  'GET /api/jobs/queue': [401, 403, 403, 403, 200, 403, 403],
  'GET /api/jobs/:id': [401, 404, 404, 404, 404, 404, 404],

  // Notifications are the caller's own, administrators included: brand A's member's answers 404
  // to everyone else; the probe marks the caller's own. The stream is any signed-in caller's.
  'GET /api/ops/notification/list': [401, 200, 200, 200, 200, 200, 200],
  'GET /api/ops/notification/unread': [401, 200, 200, 200, 200, 200, 200],
  'POST /api/ops/notification/:id/read': [401, 404, 404, 404, 404, 404, 404],
  'POST /api/ops/notification/read/all': [401, 200, 200, 200, 200, 200, 200],
  'GET /api/ops/notification/stream': [401, 200, 200, 200, 200, 200, 200],
  'GET /api/ops/notification/settings': [401, 200, 200, 200, 200, 200, 200],
  'PUT /api/ops/notification/settings': [401, 200, 200, 200, 200, 200, 200],
  // Approval (issue 40 §3): brand.manage chooses whose uploads wait; reviewers (asset.approve:
  // managers and administrators) read the queue of the brands they see and decide; everyone
  // reads their own uploads in review and the review of an asset they see.
  'GET /api/ops/brand/:id/approval': [401, 403, 403, 403, 200, 403, 403],
  'PUT /api/ops/brand/:id/approval': [401, 403, 403, 403, 200, 403, 403],
  'GET /api/review/queue': [401, 403, 403, 200, 200, 404, 403],
  'GET /api/review/count': [401, 403, 403, 200, 200, 200, 403],
  'GET /api/review/mine': [401, 200, 200, 200, 200, 200, 200],
  'POST /api/review/approve': [401, 403, 403, 200, 200, 404, 403],
  'POST /api/review/reject': [401, 403, 403, 200, 200, 404, 403],
  'GET /api/review/asset/:id': [401, 200, 200, 200, 200, 404, 200],
  // API keys (issue 41 §3): everyone's own, from a session (REFUSED_TO_KEYS); the scope asked is
  // one every signed-in principal holds. Administrators list and revoke anyone's (brand A's
  // member's key here).
  'GET /api/account/api-keys': [401, 200, 200, 200, 200, 200, 200],
  'POST /api/account/api-keys': [401, 201, 201, 201, 201, 201, 201],
  'POST /api/account/api-keys/:id/revoke': [401, 200, 200, 200, 200, 200, 200],
  'POST /api/account/api-keys/:id/rotate': [401, 201, 201, 201, 201, 201, 201],
  'GET /api/ops/api-keys': [401, 403, 403, 403, 200, 403, 403],
  'POST /api/ops/api-keys/:id/revoke': [401, 403, 403, 403, 200, 403, 403],
};

/**
 * Further cases on routes of the table, where the target changes the answer: PRIVATE content,
 * users of another brand, administrators as targets, and what the holder of user.manage must
 * not be able to hand out. Lists answer as a lookup would: 200 when the target is listed, 404
 * when it is not.
 */
const probeTable: Record<string, Row> = {
  'GET /api/ops/folder/:id | the PRIVATE folder': [401, 404, 200, 200, 200, 404, 404],
  'GET /api/ops/asset/:id/view | an asset in the PRIVATE folder': [401, 404, 200, 200, 200, 404, 404],
  'GET /api/ops/asset/:id/download | an asset in the PRIVATE folder': [401, 404, 200, 200, 200, 404, 404],
  'GET /api/ops/asset/:id/crop | an asset in the PRIVATE folder': [401, 404, 200, 200, 200, 404, 404],
  'POST /api/ops/asset/download/get/queue | the PRIVATE folder': [401, 404, 202, 202, 202, 404, 404],
  "GET /api/ops/asset/download/:id | the caller's own": [401, 200, 200, 200, 200, 200, 200],
  'GET /api/ops/asset/all | an asset in the PRIVATE folder': [401, 403, 403, 200, 200, 404, 403],
  'GET /api/ops/asset/all | filtered by brand A': [401, 403, 403, 200, 200, 404, 403],
  'POST /api/ops/asset/all/status/change | restore a removed asset': [401, 403, 403, 200, 200, 404, 403],
  "GET /api/ops/asset/download/:id/file | with someone else's signature": [404, 404, 404, 404, 404, 404, 404],
  'PUT /api/ops/users/statistics | of brand A': [401, 403, 200, 200, 200, 404, 403],
  'PUT /api/ops/asset/statistics | every brand the caller sees': [401, 200, 200, 200, 200, 200, 200],
  'GET /api/ops/users/all | is a brand-A member listed': [401, 403, 200, 200, 200, 404, 403],
  'GET /api/ops/users/all | is a brand-B member listed': [401, 403, 404, 404, 200, 200, 403],
  'GET /api/ops/users/:id | a brand-B member': [401, 403, 404, 404, 200, 200, 403],
  'PATCH /api/ops/users/:id/edit | a brand-B member': [401, 403, 403, 403, 200, 403, 404],
  'PATCH /api/ops/users/:id/edit | an administrator': [401, 403, 403, 403, 200, 403, 403],
  'PATCH /api/ops/users/:id/status/change | deactivate an administrator': [401, 403, 403, 403, 200, 403, 403],
  'PATCH /api/ops/users/:id/status/approve | an inactive administrator': [401, 403, 403, 403, 200, 403, 403],
  'PATCH /api/ops/users/:id/edit | give a brand-A member the admin role': [401, 403, 403, 403, 200, 403, 403],
  'PATCH /api/ops/users/:id/edit | give oneself brand.manage': [401, 403, 403, 403, 200, 403, REFUSED],
  'PATCH /api/ops/users/:id/login/unlock | an administrator': [401, 403, 403, 403, 200, 403, 403],
  'POST /api/ops/users/create | an administrator': [401, 403, 403, 403, 201, 403, 403],
  'POST /api/ops/users/invite | an administrator': [401, 403, 403, 403, 201, 403, 403],
  'POST /api/ops/users/invite | a guest of brand B': [401, 403, 403, 403, 201, 403, REFUSED],
  // A guest minting a member would hold its password and so its content.private: refused.
  'POST /api/ops/users/create | a member (more than a guest holds)': [401, 403, 403, 403, 201, 403, REFUSED],
  'POST /api/ops/users/create | a guest holding brand.manage': [401, 403, 403, 403, 201, 403, REFUSED],
  'POST /api/ops/users/create | a guest of brand B': [401, 403, 403, 403, 201, 403, REFUSED],
  'POST /api/ops/users/:id/photo/upload | their own': [401, 201, 201, 201, 201, 201, 201],
  'POST /api/ops/users/:id/photo/upload | an administrator': [401, 403, 403, 403, 201, 403, 403],
  'POST /api/ops/users/:id/photo/upload | a brand-B member': [401, 403, 403, 403, 201, 403, 404],
  'POST /api/ops/users/:id/photo/:photoId/update | their own': [401, 200, 200, 200, 200, 200, 200],
  "POST /api/ops/users/:id/photo/:photoId/update | another user's upload": [401, 403, 403, 403, 404, 403, 404],
  'DELETE /api/ops/users/:id/photo | their own': [401, 200, 200, 200, 200, 200, 200],
  'DELETE /api/ops/users/:id/photo | an administrator': [401, 403, 403, 403, 200, 403, 403],
  "GET /api/ops/report/import/:id | the caller's own": [401, 200, 200, 200, 200, 200, 200],
  // Applying one's own previewed asset import still needs asset.update.
  "POST /api/ops/report/import/:id/apply | the caller's own": [401, REFUSED, 202, 202, 202, 202, REFUSED],
  "GET /api/jobs/:id | the caller's own job": [401, 200, 200, 200, 200, 200, 200],
  "POST /api/ops/notification/:id/read | the caller's own notification": [401, 200, 200, 200, 200, 200, 200],
  // Another user's shortcut is not the caller's to rename or delete: brand A's member made it.
  "DELETE /api/ops/folder/:id/shortcut/delete | brand A member's shortcut": [401, 404, 200, 404, 404, 404, 404],
  "GET /api/ops/share-link/all | lists brand A member's link": [401, 403, 403, 200, 200, 404, 403],
  // Another user's collection is nobody else's, administrators included.
  "GET /api/ops/collection/:id/own/view | another user's collection": [401, 404, 404, 404, 404, 404, 404],
  "POST /api/ops/collection/:id/assets/add | another user's collection": [401, 404, 404, 404, 404, 404, 404],
  "DELETE /api/ops/collection/:id/delete | another user's collection": [401, 404, 404, 404, 404, 404, 404],
  'POST /api/ops/collection/:id/assets/add | an asset in the PRIVATE folder': [401, 404, 200, 200, 200, 404, 404],
  'POST /api/ops/collection/favorites/add | an asset in the PRIVATE folder': [401, 404, 200, 200, 200, 404, 404],
  'POST /api/ops/folder/:id/collection/create | the PRIVATE folder': [401, 404, 201, 201, 201, 404, 404],
  // Someone else's link is not revoked through the owner's route, administrators included.
  "POST /api/ops/collection/:id/share/:link/revoke | another user's link": [401, 404, 404, 404, 404, 404, 404],
  // Comments: the PRIVATE asset's are out of a guest's sight; brand A's member's comment is theirs
  // to edit alone, and deleted by its author, administrators and the brand's managers only.
  'GET /api/ops/asset/:id/comment/list | an asset in the PRIVATE folder': [401, 404, 200, 200, 200, 404, 404],
  'POST /api/ops/asset/:id/comment/add | an asset in the PRIVATE folder': [401, 404, 201, 201, 201, 404, 404],
  "PATCH /api/ops/asset/:id/comment/:comment/edit | brand A member's comment": [401, 403, 403, 403, 403, 404, 403],
  "DELETE /api/ops/asset/:id/comment/:comment/delete | brand A member's comment": [401, 403, 403, 200, 200, 404, 403],
  // Without the password's pass, a locked link's file (or zip) is refused.
  'GET /api/ops/collection/:id/shared/:token/zip | a locked link without its pass': [
    REFUSED,
    REFUSED,
    REFUSED,
    REFUSED,
    REFUSED,
    REFUSED,
    REFUSED,
  ],
  // Someone else's key is nobody else's to revoke or rotate, administrators included (their own route).
  "POST /api/account/api-keys/:id/revoke | another user's key": [401, 404, 404, 404, 404, 404, 404],
  "POST /api/account/api-keys/:id/rotate | another user's key": [401, 404, 404, 404, 404, 404, 404],
  "GET /api/ops/api-keys | lists brand A member's key": [401, 403, 403, 403, 200, 403, 403],
  // A revoked guidelines link is gone; a draft page and a locked link's files are not read through one.
  'GET /api/ops/guidelines/public/:token | a revoked link': [404, 404, 404, 404, 404, 404, 404],
  'GET /api/ops/guidelines/public/:token/page/:pageId | a draft page': [404, 404, 404, 404, 404, 404, 404],
  'GET /api/ops/guidelines/public/:token/asset/:assetId/:kind | a locked link without its pass': [
    401, 401, 401, 401, 401, 401, 401,
  ],
  'GET /api/ops/guidelines/public/:token/asset/:assetId/crop | a link without downloads': [
    403, 403, 403, 403, 403, 403, 403,
  ],
  'GET /api/ops/collection/:id/shared/:token/asset/:assetId/:kind | a locked link without its pass': [
    REFUSED,
    REFUSED,
    REFUSED,
    REFUSED,
    REFUSED,
    REFUSED,
    REFUSED,
  ],
};

/** The route a probe (or a table row) is about: the 'METHOD /path' part of its key. */
export const routeOf = (key: string) => key.split(' | ')[0]!;

/**
 * Routes a request made with an API key never reaches (`sessionOnly` in the contract, which a test
 * compares with this list): managing keys, signing out, the password, emulation. Two-factor and
 * SSO settings join it with their routes.
 */
export const REFUSED_TO_KEYS: readonly string[] = [
  'POST /api/logout',
  'PATCH /api/auth/user/password/update',
  'POST /api/ops/users/:id/switch',
  'POST /api/ops/users/:id/switch/end',
  'GET /api/account/api-keys',
  'POST /api/account/api-keys',
  'POST /api/account/api-keys/:id/revoke',
  'POST /api/account/api-keys/:id/rotate',
  'GET /api/ops/api-keys',
  'POST /api/ops/api-keys/:id/revoke',
  // Two-factor settings (issue 41 §2): one's own and an administrator's, from a session only.
  'GET /api/auth/two-factor',
  'POST /api/auth/two-factor/setup',
  'POST /api/auth/two-factor/confirm',
  'POST /api/auth/two-factor/disable',
  'POST /api/auth/two-factor/recovery-codes',
  'PATCH /api/ops/users/:id/two-factor/reset',
  'PUT /api/ops/roles/:id/two-factor',
  // Single sign-on settings (issue 41 §1): administrators', from a session only.
  'POST /api/ops/sso/providers',
  'PATCH /api/ops/sso/providers/:id',
  'DELETE /api/ops/sso/providers/:id',
  'POST /api/ops/sso/providers/:id/test',
  'PUT /api/ops/sso/roles/:id',
];

/**
 * Where a member's key answers otherwise than the member for another reason: the member column's
 * request reads an object of brand A's member principal itself, which the key's owner (another
 * member of brand A) is not.
 */
const KEY_DIFFERS: Record<string, Expected> = {
  // Another user's two-factor state is never read with a key (twoFactor.policy), members' neither.
  'GET /api/ops/users/:id/two-factor': 403,
  'GET /api/ops/metadata/bulk/:id': 404,
  'POST /api/ops/metadata/bulk/:id/undo': 404,
  "DELETE /api/ops/folder/:id/shortcut/delete | brand A member's shortcut": 404,
};

/** What the `apiKey` principal must get: 403 on a session-only route, else what its owner gets. */
const keyAnswer = (key: string, row: Row): Expected =>
  KEY_DIFFERS[key] ?? (REFUSED_TO_KEYS.includes(routeOf(key)) ? 403 : row[2]);

const byPrincipal = (rows: Record<string, Row>) =>
  Object.fromEntries(
    Object.entries(rows).map(([key, row]) => [
      key,
      { ...Object.fromEntries(COLUMNS.map((p, i) => [p, row[i]])), apiKey: keyAnswer(key, row) },
    ]),
  ) as Record<string, Record<Principal, Expected>>;

export const expectations = byPrincipal(table);
export const probes = byPrincipal(probeTable);

/** Whether an answer is what the table asks for. */
export const fits = (expected: Expected, got: number) =>
  expected === REFUSED ? [403, 404, 422].includes(got) : got === expected;

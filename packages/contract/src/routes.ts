import { z } from 'zod';
import type { ErrorCode } from './errors.js';
import type { PermissionName, RoleName } from './permissions.js';
import {
  BoolAnswer,
  EmailBody,
  LoginBody,
  LoginResponse,
  MeResponse,
  RegisterBody,
  ResendVerificationBody,
  ResetPasswordBody,
  UpdatePasswordBody,
  UpdateProfileBody,
  VerifyEmailBody,
} from './schemas/auth.js';
import {
  AssetCopyBody,
  AssetEditBody,
  AssetMoveBody,
  AssetMoveParams,
  AssetMoved,
  AssetPage,
  AssetResponse,
  AssetStats,
  AssetStatsBody,
  AssetVersionList,
  FolderTree,
  UploadParams,
  UploadQuery,
  UploadResponse,
  VersionNewResponse,
  VersionRestoreParams,
} from './schemas/assets.js';
import {
  BrandAllQuery,
  BrandCreateBody,
  BrandList,
  BrandPage,
  BrandResponse,
  BrandStatusBody,
  BrandUpdateBody,
} from './schemas/brands.js';
import {
  FolderAssetsQuery,
  FolderMoveBody,
  FolderNewBody,
  FolderRemoved,
  FolderResponse,
  FolderStats,
  FolderStatsBody,
  FolderTreeQuery,
  FolderUpdateBody,
} from './schemas/folders.js';
import { Id, IdParams, Ok, text } from './schemas/common.js';
import { AssetSearchBody, AssetSearchQuery, AssetSearchResponse } from './schemas/search.js';
import {
  CreateUserBody,
  EditUserBody,
  StatusChangeBody,
  UserList,
  UserListQuery,
  UserResponse,
} from './schemas/users.js';

/**
 * Who may call a route: anyone, only a signed-out caller, any signed-in user, or a signed-in
 * user holding a permission or role. Object-level rules (brand assignment, visibility) are the
 * services' policies.
 */
export type Access = 'public' | 'guest' | 'user' | { permission: PermissionName } | { role: RoleName };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef {
  method: Method;
  path: string;
  access: Access;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  status?: number;
  /**
   * Multipart bodies: `form` = small fields + files read by the server before the handler (the
   * fields are validated with `body`; JSON without files is accepted too); `stream` = the handler
   * streams the parts itself (uploads).
   */
  multipart?: 'form' | 'stream';
  /** File fields of a `form` multipart body. */
  files?: readonly string[];
  /** Answers that are not JSON (files): `response` is then not used to serialise. */
  raw?: true;
  /** Rate limit per caller (user or IP) and route: at most `max` calls a minute. */
  rateLimit?: { max: number; code?: ErrorCode };
}

const def = <T extends RouteDef>(r: T) => r;

export const routes = {
  health: def({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    summary: 'Readiness',
    response: z.object({ status: z.literal('ok') }),
  }),

  // ---- Auth (§7)
  csrfCookie: def({
    method: 'GET',
    path: '/api/auth/csrf-cookie',
    access: 'public',
    summary: 'Sets the XSRF-TOKEN cookie',
    response: z.null(),
    status: 204,
  }),
  login: def({
    method: 'POST',
    path: '/api/login',
    access: 'public',
    summary: 'Sign in',
    body: LoginBody,
    response: LoginResponse,
  }),
  logout: def({
    method: 'POST',
    path: '/api/logout',
    access: 'user',
    summary: 'Revoke the current token',
    response: Ok,
  }),
  register: def({
    method: 'POST',
    path: '/api/auth/register',
    access: 'guest',
    summary: 'Request an account',
    body: RegisterBody,
    response: Ok,
    status: 201,
    rateLimit: { max: 10 },
  }),
  me: def({
    method: 'GET',
    path: '/api/auth/me',
    access: 'user',
    summary: 'The signed-in user and permissions',
    response: MeResponse,
  }),
  forgotPassword: def({
    method: 'POST',
    path: '/api/auth/forgot-password',
    access: 'guest',
    summary: 'Mail a password reset link',
    body: EmailBody,
    response: Ok,
    rateLimit: { max: 5 },
  }),
  resetPassword: def({
    method: 'POST',
    path: '/api/auth/reset-password',
    access: 'guest',
    summary: 'Set a new password with a reset token',
    body: ResetPasswordBody,
    response: Ok,
    rateLimit: { max: 10 },
  }),
  updateProfile: def({
    method: 'PATCH',
    path: '/api/auth/user/update',
    access: 'user',
    summary: 'Update own profile',
    body: UpdateProfileBody,
    response: MeResponse,
    rateLimit: { max: 30, code: 'USER_UPDATE_TOO_MANY' },
  }),
  updatePassword: def({
    method: 'PATCH',
    path: '/api/auth/user/password/update',
    access: 'user',
    summary: 'Change own password',
    body: UpdatePasswordBody,
    response: Ok,
    rateLimit: { max: 10 },
  }),
  isAuth: def({
    method: 'GET',
    path: '/api/auth/check/isAuth',
    access: 'public',
    summary: 'Whether the caller is signed in',
    response: BoolAnswer,
  }),
  isGuest: def({
    method: 'GET',
    path: '/api/auth/check/isGuest',
    access: 'public',
    summary: 'Whether the caller is signed out',
    response: BoolAnswer,
  }),
  hasVerifiedEmail: def({
    method: 'GET',
    path: '/api/auth/check/hasVerifiedEmail',
    access: 'user',
    summary: 'Whether the caller verified their e-mail',
    response: BoolAnswer,
  }),
  resendVerification: def({
    method: 'POST',
    path: '/api/auth/email/verification-notification',
    access: 'public',
    summary: 'Send the verification link again',
    body: ResendVerificationBody,
    response: Ok,
    status: 202,
    rateLimit: { max: 6 },
  }),
  verifyEmail: def({
    method: 'POST',
    path: '/api/auth/email/verify',
    access: 'public',
    summary: 'Verify an e-mail with a signed link',
    body: VerifyEmailBody,
    response: Ok,
    rateLimit: { max: 20 },
  }),

  // ---- Users (§7)
  usersAll: def({
    method: 'GET',
    path: '/api/ops/users/all',
    access: { permission: 'user.view' },
    summary: 'List users',
    query: UserListQuery,
    response: UserList,
  }),
  userCreate: def({
    method: 'POST',
    path: '/api/ops/users/create',
    access: { permission: 'user.manage' },
    summary: 'Create an active user',
    body: CreateUserBody,
    response: UserResponse,
    status: 201,
  }),
  userGet: def({
    method: 'GET',
    path: '/api/ops/users/:id',
    access: { permission: 'user.view' },
    summary: 'One user',
    params: IdParams,
    response: UserResponse,
  }),
  userEdit: def({
    method: 'PATCH',
    path: '/api/ops/users/:id/edit',
    access: { permission: 'user.manage' },
    summary: 'Edit a user, roles, permissions and brands',
    params: IdParams,
    body: EditUserBody,
    response: UserResponse,
    rateLimit: { max: 60, code: 'USER_UPDATE_TOO_MANY' },
  }),
  userStatusChange: def({
    method: 'PATCH',
    path: '/api/ops/users/:id/status/change',
    access: { permission: 'user.manage' },
    summary: 'Activate or deactivate a user',
    params: IdParams,
    body: StatusChangeBody,
    response: UserResponse,
  }),
  userUnlock: def({
    method: 'PATCH',
    path: '/api/ops/users/:id/login/unlock',
    access: { permission: 'user.manage' },
    summary: 'Lift a sign-in lock left by too many failed attempts',
    params: IdParams,
    response: UserResponse,
  }),
  userApprove: def({
    method: 'PATCH',
    path: '/api/ops/users/:id/status/approve',
    access: { permission: 'user.manage' },
    summary: 'Approve a registration',
    params: IdParams,
    response: UserResponse,
  }),

  // ---- Brands (§7)
  brandList: def({
    method: 'GET',
    path: '/api/ops/brand/list',
    access: 'user',
    summary: "The caller's brands",
    response: BrandList,
  }),
  brandAll: def({
    method: 'GET',
    path: '/api/ops/brand/all',
    access: { permission: 'brand.manage' },
    summary: 'Every brand',
    query: BrandAllQuery,
    response: BrandPage,
  }),
  brandCreate: def({
    method: 'POST',
    path: '/api/ops/brand/create',
    access: { permission: 'brand.manage' },
    summary: 'Create a brand (multipart: image, logo)',
    body: BrandCreateBody,
    multipart: 'form',
    files: ['image', 'logo'],
    response: BrandResponse,
    status: 201,
  }),
  brandGet: def({
    method: 'GET',
    path: '/api/ops/brand/:id',
    access: 'user',
    summary: 'One brand',
    params: IdParams,
    response: BrandResponse,
  }),
  brandUpdate: def({
    method: 'POST',
    path: '/api/ops/brand/:id/update',
    access: { permission: 'brand.manage' },
    summary: 'Update a brand (multipart: image, logo)',
    params: IdParams,
    body: BrandUpdateBody,
    multipart: 'form',
    files: ['image', 'logo'],
    response: BrandResponse,
  }),
  brandStatus: def({
    method: 'PATCH',
    path: '/api/ops/brand/:id/status/update',
    access: { permission: 'brand.manage' },
    summary: 'Activate or deactivate a brand',
    params: IdParams,
    body: BrandStatusBody,
    response: BrandResponse,
  }),

  // ---- Folders (§7)
  folderTree: def({
    method: 'GET',
    path: '/api/ops/folder/tree',
    access: { permission: 'brand.view' },
    summary: "A brand's folder tree",
    query: FolderTreeQuery,
    response: FolderTree,
  }),
  folderTreeOf: def({
    method: 'GET',
    path: '/api/ops/folder/tree/:id',
    access: { permission: 'brand.view' },
    summary: 'The tree under one folder',
    params: IdParams,
    query: FolderTreeQuery,
    response: FolderTree,
  }),
  folderNew: def({
    method: 'POST',
    path: '/api/ops/folder/new',
    access: { permission: 'folder.manage' },
    summary: 'Create a folder',
    body: FolderNewBody,
    response: FolderResponse,
    status: 201,
    rateLimit: { max: 120 },
  }),
  folderGet: def({
    method: 'GET',
    path: '/api/ops/folder/:id',
    access: { permission: 'brand.view' },
    summary: 'One folder with breadcrumbs and subfolders',
    params: IdParams,
    response: FolderResponse,
  }),
  folderMove: def({
    method: 'POST',
    path: '/api/ops/folder/:id/move',
    access: { permission: 'folder.manage' },
    summary: 'Move a folder under another',
    params: IdParams,
    body: FolderMoveBody,
    response: FolderResponse,
  }),
  folderUpdate: def({
    method: 'POST',
    path: '/api/ops/folder/:id/update',
    access: { permission: 'folder.manage' },
    summary: 'Rename, change visibility or image (multipart: image)',
    params: IdParams,
    body: FolderUpdateBody,
    multipart: 'form',
    files: ['image'],
    response: FolderResponse,
  }),
  folderAssets: def({
    method: 'GET',
    path: '/api/ops/folder/:id/get/assets',
    access: { permission: 'brand.view' },
    summary: 'Assets directly in a folder',
    params: IdParams,
    query: FolderAssetsQuery,
    response: AssetPage,
  }),
  folderRemove: def({
    method: 'PUT',
    path: '/api/ops/folder/:id/status/change',
    access: { permission: 'folder.manage' },
    summary: 'Remove a folder, its subfolders and assets, irreversibly',
    params: IdParams,
    response: FolderRemoved,
  }),
  folderStats: def({
    method: 'PUT',
    path: '/api/ops/folder/statistics',
    access: { permission: 'brand.view' },
    summary: 'Subfolder and asset counts of folders',
    body: FolderStatsBody,
    response: FolderStats,
  }),

  // ---- Browse and search (§7 list calls): the folder alone or with its subfolders, filtered and sorted
  assetList: def({
    method: 'GET',
    path: '/api/ops/asset/list/all/:id',
    access: { permission: 'brand.view' },
    summary: "A page of a folder's assets, with facets",
    params: IdParams,
    query: AssetSearchQuery,
    response: AssetSearchResponse,
    rateLimit: { max: 600 },
  }),
  assetSearch: def({
    method: 'POST',
    path: '/api/ops/asset/list/all/:id',
    access: { permission: 'brand.view' },
    summary: 'Search, filter and sort under a folder, with facets',
    params: IdParams,
    query: AssetSearchQuery,
    body: AssetSearchBody,
    response: AssetSearchResponse,
    rateLimit: { max: 600 },
  }),

  // ---- Stored pictures and derivatives, by signed link (for <img>, which sends no bearer token)
  media: def({
    method: 'GET',
    path: '/api/media/*',
    access: 'public',
    summary: 'A stored picture or derivative (signed link)',
    params: z.object({ '*': text().min(1).max(300) }),
    response: z.unknown(),
    raw: true,
  }),

  // ---- Assets (§7)
  assetUpload: def({
    method: 'POST',
    path: '/api/ops/asset/:brandId/:folderId/new',
    access: { permission: 'asset.create' },
    summary: 'Upload files (multipart parts named files)',
    params: UploadParams,
    query: UploadQuery,
    multipart: 'stream',
    response: UploadResponse,
    status: 201,
    rateLimit: { max: 120 },
  }),
  assetEdit: def({
    method: 'PUT',
    path: '/api/ops/asset/:id/edit',
    access: { permission: 'asset.update' },
    summary: "Edit an asset's metadata",
    params: IdParams,
    body: AssetEditBody,
    response: AssetResponse,
    rateLimit: { max: 120 },
  }),
  assetView: def({
    method: 'GET',
    path: '/api/ops/asset/:id/view',
    access: { permission: 'brand.view' },
    summary: 'Every field of an asset, URLs and abilities',
    params: IdParams,
    response: AssetResponse,
  }),
  assetMove: def({
    method: 'POST',
    path: '/api/ops/asset/all/move/:folderId',
    access: { permission: 'asset.update' },
    summary: 'Move assets (all or nothing)',
    params: AssetMoveParams,
    body: AssetMoveBody,
    response: AssetMoved,
  }),
  assetCopy: def({
    method: 'POST',
    path: '/api/ops/asset/:id/copy',
    access: { permission: 'asset.create' },
    summary: 'Copy an asset into a folder',
    params: IdParams,
    body: AssetCopyBody,
    response: AssetResponse,
    status: 201,
  }),
  assetStatus: def({
    method: 'PUT',
    path: '/api/ops/asset/:id/status/change',
    access: { permission: 'asset.delete' },
    summary: 'Remove or restore an asset',
    params: IdParams,
    response: AssetResponse,
  }),
  assetDownload: def({
    method: 'GET',
    path: '/api/ops/asset/:id/download',
    access: 'public',
    summary: 'The original file (bearer token or signed link; Range supported)',
    params: IdParams,
    /** `disposition=inline` shows a PDF in the browser (anything else is still a download). */
    query: z.object({
      /** A signed link's user, whose rights are checked again at every fetch. */
      u: Id.optional(),
      exp: text().max(32).optional(),
      sig: text().max(128).optional(),
      disposition: z.enum(['attachment', 'inline']).optional(),
    }),
    response: z.unknown(),
    raw: true,
  }),
  assetStats: def({
    method: 'PUT',
    path: '/api/ops/asset/statistics',
    access: { permission: 'brand.view' },
    summary: "Counts and bytes of a brand's assets",
    body: AssetStatsBody,
    response: AssetStats,
  }),
  versionNew: def({
    method: 'POST',
    path: '/api/ops/asset/version/new',
    access: { permission: 'asset.create' },
    summary: 'A new current version (multipart: asset_id, file)',
    multipart: 'stream',
    response: VersionNewResponse,
    status: 201,
    rateLimit: { max: 60 },
  }),
  versionAll: def({
    method: 'GET',
    path: '/api/ops/asset/:id/version/all',
    access: { permission: 'brand.view' },
    summary: "An asset's versions",
    params: IdParams,
    response: AssetVersionList,
  }),
  versionRestore: def({
    method: 'POST',
    path: '/api/ops/asset/:id/version/:number/restore',
    access: { permission: 'asset.create' },
    summary: 'Make an older version current again (as a new version)',
    params: VersionRestoreParams,
    response: VersionNewResponse,
    status: 201,
  }),
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
type Infer<T> = T extends z.ZodType ? z.input<T> : undefined;
type Out<T> = T extends z.ZodType ? z.output<T> : never;
export type RouteBody<N extends RouteName> = Infer<Routes[N] extends { body: infer B } ? B : undefined>;
export type RouteQuery<N extends RouteName> = Infer<Routes[N] extends { query: infer Q } ? Q : undefined>;
export type RouteParams<N extends RouteName> = Infer<Routes[N] extends { params: infer P } ? P : undefined>;
export type RouteResponse<N extends RouteName> = Out<Routes[N]['response']>;

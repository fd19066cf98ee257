import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { Navigate, redirect } from 'react-router';
import { guestOnly, requireAnyPermission, requireAuth, requirePermission, requireRole } from '../lib/guards';
import { RootLayout } from './RootLayout';
import { AuthLayout } from './AuthLayout';
import { RouteError } from './pages/RouteError';
import { GuardError } from './pages/GuardError';
import { setupFirst, setupOnly } from '../features/setup/loaders';
import { ensureAllTexts } from '../i18n';
import { useSession } from '../state/session';
import { takeFreshSignIn } from '../state/landing';
import { requireBrandOfLink } from './brandOfLink';
import { appQueryClient } from './queryClient';

/**
 * A screen beyond the sign-in ones: its code and the rest of the texts (only the sign-in screens'
 * ship with the entry) are fetched side by side, and it renders when both are here.
 */
const withTexts =
  <T,>(load: () => Promise<T>) =>
  () =>
    Promise.all([load(), ensureAllTexts()]).then(([m]) => m);

// Every screen is its own chunk so /login downloads only the login form.
const RolesPage = lazy(() => import('../features/roles/RolesPage'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const RegisterPage = lazy(() => import('../features/auth/RegisterPage'));
const UserCreatePage = lazy(() => import('../features/users/UserCreatePage'));
const UserEditPage = lazy(() => import('../features/users/UserEditPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
const VerifyEmailPage = lazy(() => import('../features/auth/VerifyEmailPage'));
const ShellLayout = lazy(withTexts(() => import('./shell/ShellLayout')));
const SetupPage = lazy(() => import('../features/setup/SetupPage'));
const BrandChooserPage = lazy(() => import('../features/brands/BrandChooserPage'));
const loadBrandHome = () => import('../features/home/BrandHomePage');
const BrandHomePage = lazy(loadBrandHome);

/**
 * brand.home's loader: past the guards, its code and its first calls start now, beside the shell's
 * code and the session call, instead of one after the other (shell, then screen, then calls).
 */
async function brandHomeLoader({ request }: { request: Request }) {
  // Loaders run side by side: this one waits for the brand a folder link selects, as its parent does.
  await requireBrandOfLink({ request });
  void loadBrandHome();
  const brand = useSession.getState().selectedBrand;
  const client = appQueryClient();
  if (brand && client) {
    const params = new URL(request.url).searchParams;
    void import('../features/home/prefetch')
      .then((m) => m.prefetchBrandHome(client, brand.id, params))
      .catch(() => undefined);
  }
  return null;
}
/** The guidelines' loader: as brand.home's, their code, tree and open page start beside the shell's. */
async function guidelinesLoader({ request, params }: { request: Request; params: { id?: string } }) {
  await requireBrandOfLink({ request });
  void loadGuidelines();
  const brand = useSession.getState().selectedBrand;
  const client = appQueryClient();
  const pageId = Number(params.id) || undefined;
  if (brand && client)
    void import('../features/guidelines/prefetch')
      .then((m) => m.prefetchGuidelines(client, brand.id, pageId))
      .catch(() => undefined);
  return null;
}
/** The brand chooser's loader: the first-run screen first; right after a sign-in, a lone brand opens. */
async function chooserLoader() {
  const fresh = takeFreshSignIn();
  await setupFirst();
  if (!fresh) return null;
  const { skipChooserForOnlyBrand } = await import('../features/brands/onlyBrand');
  skipChooserForOnlyBrand();
  return null;
}
const GalleryPage = lazy(() => import('../features/gallery/GalleryPage'));
const TrashPage = lazy(() => import('../features/folders/TrashPage'));
const BrandsAdminPage = lazy(() => import('../features/brandsAdmin/BrandsAdminPage'));
const MetadataPage = lazy(() => import('../features/metadata/MetadataPage'));
const RightsPage = lazy(() => import('../features/rights/RightsPage'));
const loadGuidelines = () => import('../features/guidelines/GuidelinesPage');
const GuidelinesPage = lazy(loadGuidelines);
const BrandSettingsPage = lazy(() => import('../features/brandSettings/BrandSettingsPage'));
const PeoplePage = lazy(() => import('../features/people/PeoplePage'));
const WebhooksPage = lazy(() => import('../features/webhooks/WebhooksPage'));
const VocabularyPage = lazy(() => import('../features/metadata/VocabularyPage'));
const AssetPage = lazy(() => import('../features/viewer/AssetPage'));
const ReviewPage = lazy(() => import('../features/reviews/ReviewPage'));
const MyUploadsPage = lazy(() => import('../features/reviews/MyUploadsPage'));
const AssetManagerPage = lazy(() => import('../features/assetManager/AssetManagerPage'));
const ProfilePage = lazy(() => import('../features/account/ProfilePage'));
const UsersPage = lazy(() => import('../features/users/UsersPage'));
const AuditPage = lazy(() => import('../features/audit/AuditPage'));
const DashboardPage = lazy(() => import('../features/stats/DashboardPage'));
const ExtensionsPage = lazy(() => import('../features/extensions/ExtensionsPage'));
const TracePage = lazy(() => import('../features/watermarks/TracePage'));
const ShareLinksPage = lazy(() => import('../features/shareLinks/ShareLinksPage'));
const CollectionsPage = lazy(() => import('../features/myCollections/CollectionsPage'));
const CollectionPage = lazy(() => import('../features/myCollections/CollectionPage'));
const SmartCollectionPage = lazy(() => import('../features/myCollections/SmartCollectionPage'));
const DownloadsPage = lazy(() => import('../features/downloads/DownloadsPage'));
const ImportsPage = lazy(() => import('../features/reports/ImportsPage'));
const ImportPage = lazy(() => import('../features/reports/ImportPage'));
const SyncPage = lazy(() => import('../features/sync/SyncPage'));
const SyncSourcePage = lazy(() => import('../features/sync/SyncSourcePage'));
const SyncRunPage = lazy(() => import('../features/sync/SyncRunPage'));
const SharedCollectionPage = lazy(withTexts(() => import('../features/shareLinks/SharedCollectionPage')));
const PublicGuidelinesPage = lazy(withTexts(() => import('../features/guidelines/PublicGuidelinesPage')));
const UploadRequestPage = lazy(withTexts(() => import('../features/uploadRequests/UploadRequestPage')));
const UploadRequestsPage = lazy(() => import('../features/uploadRequests/UploadRequestsPage'));
const ApiKeysPage = lazy(() => import('../features/apiKeys/ApiKeysPage'));
const AdminApiKeysPage = lazy(() => import('../features/apiKeys/AdminApiKeysPage'));
const SsoAdminPage = lazy(() => import('../features/sso/SsoAdminPage'));
const SsoDonePage = lazy(() => import('../features/sso/SsoDonePage'));
const SsoLinkPage = lazy(() => import('../features/sso/SsoLinkPage'));
const SsoWaitingPage = lazy(() => import('../features/sso/SsoWaitingPage'));
const NotFoundPage = lazy(withTexts(() => import('./pages/NotFoundPage')));

/** Spec §2, route by route, with its guard. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: () => null,
    children: [
      { index: true, loader: () => redirect('/login'), element: <Navigate to="/login" replace /> },
      {
        loader: guestOnly,
        element: <AuthLayout />,
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
          { path: 'password/forgot', element: <ForgotPasswordPage /> },
          { path: 'password/reset', element: <ResetPasswordPage /> },
          // Single sign-on's way back from the server (issue 41 §1): codes travel in the fragment.
          { path: 'sso/done', element: <SsoDonePage /> },
          { path: 'sso/link', element: <SsoLinkPage /> },
          { path: 'sso/link/confirm', element: <SsoDonePage confirm /> },
          { path: 'sso/waiting', element: <SsoWaitingPage /> },
        ],
      },
      {
        element: <AuthLayout />,
        children: [{ path: 'email/verify', element: <VerifyEmailPage /> }],
      },
      { path: 'collections/shared/:id/public/using/:link', element: <SharedCollectionPage pub /> },
      // A public guidelines link opens without signing in.
      { path: 'guidelines/public/:token', element: <PublicGuidelinesPage /> },
      { path: 'upload/:token', element: <UploadRequestPage /> },
      {
        loader: requireAuth,
        element: <ShellLayout />,
        children: [
          {
            path: 'users',
            loader: requirePermission('user.view'),
            errorElement: <GuardError />,
            element: <UsersPage />,
          },
          { path: 'users/me', element: <ProfilePage /> },
          { path: 'users/me/api-keys', element: <ApiKeysPage /> },
          { path: 'downloads', element: <DownloadsPage /> },
          { path: 'uploads/review', element: <MyUploadsPage /> },
          { path: 'reports/imports', element: <ImportsPage /> },
          { path: 'reports/imports/:id', element: <ImportPage /> },
          {
            path: 'users/create',
            loader: requirePermission('user.manage'),
            errorElement: <GuardError />,
            element: <UserCreatePage />,
          },
          {
            path: 'users/:id/edit',
            loader: requirePermission('user.manage'),
            errorElement: <GuardError />,
            element: <UserEditPage />,
          },
          // A new installation's administrator is sent to the first-run screen instead (issue 27 §7).
          { path: 'brand/choose', loader: chooserLoader, element: <BrandChooserPage /> },
          { path: 'setup', loader: setupOnly, element: <SetupPage /> },
          {
            path: 'brand/all',
            loader: requirePermission('brand.manage'),
            errorElement: <GuardError />,
            element: <BrandsAdminPage />,
          },
          {
            loader: requireBrandOfLink,
            children: [
              { path: 'brand', loader: brandHomeLoader, element: <BrandHomePage /> },
              // brand.home2, the alternative home: the brand as a gallery of its latest assets.
              { path: 'brand2', element: <GalleryPage /> },
              { path: 'brand/asset/:id', element: <AssetPage /> },
              {
                path: 'brand/review',
                loader: requirePermission('asset.approve'),
                errorElement: <GuardError />,
                element: <ReviewPage />,
              },
              {
                path: 'brand/metadata',
                loader: requirePermission('metadata.manage'),
                errorElement: <GuardError />,
                children: [
                  { index: true, element: <MetadataPage /> },
                  { path: 'vocabulary/:id', element: <VocabularyPage /> },
                ],
              },
              {
                path: 'brand/rights',
                loader: requirePermission('rights.manage'),
                errorElement: <GuardError />,
                element: <RightsPage />,
              },
              // Whoever sees the brand reads its published guidelines; editors also change them.
              { path: 'brand/guidelines', loader: guidelinesLoader, element: <GuidelinesPage /> },
              { path: 'brand/guidelines/:id', loader: guidelinesLoader, element: <GuidelinesPage /> },
              { path: 'brand/guidelines/:id/edit', loader: guidelinesLoader, element: <GuidelinesPage editing /> },
              // Everyone signed in: the page shows what the caller may see and do (admins: the switch).
              { path: 'brand/people', element: <PeoplePage /> },
              {
                path: 'brand/settings/:tab?',
                loader: requireAnyPermission('asset.manage', 'brand.manage'),
                errorElement: <GuardError />,
                element: <BrandSettingsPage />,
              },
              // Its former address, kept for links and bookmarks.
              { path: 'brand/smart-search', element: <Navigate to="/brand/settings/smart-search" replace /> },
              {
                path: 'brand/webhooks',
                loader: requirePermission('asset.manage'),
                errorElement: <GuardError />,
                element: <WebhooksPage />,
              },
              {
                path: 'brand/trash',
                // The removed files need asset.delete; the folders' half asset.manage (the page asks).
                loader: requirePermission('asset.delete'),
                errorElement: <GuardError />,
                element: <TrashPage />,
              },
            ],
          },
          {
            path: 'collections/own',
            loader: requirePermission('collection.view'),
            errorElement: <GuardError />,
            children: [
              { index: true, element: <CollectionsPage /> },
              { path: ':id', element: <CollectionPage /> },
              { path: 'smart/:id', element: <SmartCollectionPage /> },
            ],
          },
          { path: 'collections/shared/:id/using/:link', element: <SharedCollectionPage /> },
          {
            path: 'asset/manager',
            loader: requirePermission('asset.manage'),
            errorElement: <GuardError />,
            element: <AssetManagerPage />,
          },
          {
            path: 'asset/sync',
            loader: requirePermission('asset.view'),
            errorElement: <GuardError />,
            children: [
              { index: true, element: <SyncPage /> },
              { path: ':id', element: <SyncSourcePage /> },
              { path: ':id/runs/:runId', element: <SyncRunPage /> },
            ],
          },
          {
            path: 'sso/manage',
            loader: requireRole('admin'),
            errorElement: <GuardError />,
            element: <SsoAdminPage />,
          },
          {
            path: 'roles/manage',
            loader: requirePermission('role.view'),
            errorElement: <GuardError />,
            element: <RolesPage />,
          },
          {
            path: 'upload-requests',
            loader: requirePermission('asset.create'),
            errorElement: <GuardError />,
            element: <UploadRequestsPage />,
          },
          {
            path: 'share-link/manage',
            loader: requirePermission('shareLink.view'),
            errorElement: <GuardError />,
            element: <ShareLinksPage />,
          },
          {
            path: 'api-keys/manage',
            loader: requireRole('admin'),
            errorElement: <GuardError />,
            element: <AdminApiKeysPage />,
          },
          {
            path: 'audit/all',
            loader: requireRole('admin'),
            errorElement: <GuardError />,
            element: <AuditPage />,
          },
          {
            path: 'watermark/trace',
            loader: requireRole('admin'),
            errorElement: <GuardError />,
            element: <TracePage />,
          },
          {
            path: 'extension/all',
            loader: requireRole('admin'),
            errorElement: <GuardError />,
            element: <ExtensionsPage />,
          },
          {
            path: 'dashboard',
            loader: requirePermission('dashboard.view'),
            errorElement: <GuardError />,
            element: <DashboardPage />,
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

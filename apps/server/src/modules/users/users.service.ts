import { USERS_PER_PAGE } from '@brandvault/contract';
import type {
  ApproveUserBody,
  CreateUserBody,
  EditUserBody,
  InviteUserBody,
  UserListQuery,
} from '@brandvault/contract';
import type { z } from 'zod';
import { authorize } from '../../http/authorize.js';
import { AppError, found, invalid } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { hashPassword } from '../../lib/passwords.js';
import { mails } from '../../mail/templates.js';
import type { Deps } from '../../deps/deps.js';
import type { Actor, UserRow } from '../../access/principal.js';
import { newUserRow, personOf } from './userRow.js';
import { INVITE_LINK_DAYS, inviteMail, nameFromEmail } from './users.invite.js';
import { SETTING_KEYS } from '../setup/setup.repo.js';
import { changesOf, created, setChange, userTarget } from '../audit/audit.trail.js';
import { refuseCommonPassword } from './passwordRules.js';
import { usersPolicy } from './users.policy.js';
import type { Grants } from './users.policy.js';
import { adminUserViews, asLang } from './users.view.js';
import { visibleUser } from './userAccess.js';
import type { RequestContext } from '../../lib/requestContext.js';

/** Profile fields an edit records before and after (never the password). */
const PROFILE_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'lang',
  'status',
  'company',
  'country',
  'phone',
  'position',
] as const;

export function usersService(deps: Deps) {
  const { repos, clock, config } = deps;
  const now = () => iso(clock.now());

  const views = adminUserViews(deps);
  const view = async (actor: Actor, u: UserRow) => ({ user: (await views(actor, [u]))[0]! });

  const load = (actor: Actor, id: number) => visibleUser(repos, actor, id);
  async function grantsOf(id: number): Promise<Grants> {
    const [roles, permissions, brands] = await Promise.all([
      repos.roles.rolesByUser([id]),
      repos.roles.directPermissionsByUser([id]),
      repos.brands.byUsers([id]),
    ]);
    return {
      roles: roles.get(id) ?? [],
      permissions: permissions.get(id) ?? [],
      brands: (brands.get(id) ?? []).map((b) => b.id),
    };
  }
  /** Refuses, field by field, what the actor may not grant (users.policy.ts). */
  async function authorizeGrants(actor: Actor, targetId: number | null, before: Grants, after: Partial<Grants>) {
    const [rolePermissions, actorBrands, roleNames] = await Promise.all([
      repos.roles.permissionsOfRoles(after.roles ?? []),
      repos.brands.byUsers([actor.user.id]),
      after.roles?.length ? repos.roles.roleNames() : Promise.resolve<string[]>([]),
    ]);
    // Roles made on the roles screen are names like any other; one that does not exist is a typo.
    if (after.roles?.some((r) => !roleNames.includes(r))) throw invalid({ roles: 'unknownRole' });
    const refused = usersPolicy.refusedGrants({
      actor,
      actorBrands: new Set((actorBrands.get(actor.user.id) ?? []).map((b) => b.id)),
      targetId,
      before,
      after,
      rolePermissions,
    });
    if (Object.keys(refused).length) throw new AppError('FORBIDDEN', { fieldKeys: refused });
  }
  const nothing: Grants = { roles: [], permissions: [], brands: [] };
  async function checkBrands(ids: readonly number[] | undefined) {
    if (!ids?.length) return;
    const found = await repos.brands.existingIds(ids);
    if (ids.some((id) => !found.has(id))) throw invalid({ brands: 'invalid' });
  }

  return {
    async list(ctx: RequestContext, q: z.output<typeof UserListQuery>) {
      const { actor } = ctx;
      const perPage = q.per_page ?? USERS_PER_PAGE;
      const { total, items } = await repos.users.list({
        sharingWith: usersPolicy.seesEveryone(actor) ? undefined : actor.user.id,
        search: q.search || undefined,
        status: q.status,
        role: q.role,
        brand: q.brand,
        page: q.page,
        perPage,
      });
      return { items: await views(actor, items), total, page: q.page, per_page: perPage };
    },

    get: async ({ actor }: RequestContext, id: number) => view(actor, await load(actor, id)),

    /** What the caller may offer on the create and edit screens; the same rules judge the request. */
    async grantable({ actor }: RequestContext) {
      return usersPolicy.grantable(actor, await repos.roles.permissionsOfRoles(await repos.roles.roleNames()));
    },

    async create(ctx: RequestContext, body: z.output<typeof CreateUserBody>) {
      const { actor } = ctx;
      await authorizeGrants(actor, null, nothing, body);
      refuseCommonPassword(body.password);
      if (await repos.users.emailTaken(body.email)) throw invalid({ email: 'taken' });
      await checkBrands(body.brands);
      const at = now();
      const passwordHash = await hashPassword(body.password);
      const id = await deps.change(ctx, async (u) => {
        const userId = await u.repos.users.insert(
          newUserRow({
            ...personOf(body),
            password_hash: passwordHash,
            at,
            lang: body.lang,
            status: body.status,
            // Created by an administrator: approved at once.
            approved_at: at,
          }),
        );
        await u.repos.roles.setUserRoles(userId, body.roles);
        await u.repos.roles.setUserPermissions(userId, body.permissions);
        await u.repos.brands.setUserBrands(userId, body.brands);
        const { roles, permissions, brands, status, lang, first_name, last_name, email } = body;
        await u.audit({
          event: 'user.create',
          target: userTarget({ id: userId, first_name, last_name, email }),
          changes: created({ first_name, last_name, email, lang, status, roles, permissions, brands }),
        });
        return userId;
      });
      return view(actor, found(await repos.users.byId(id)));
    },

    /**
     * As `create`, without a password: the user is active with the roles and brands given and gets
     * a mail whose link (a password reset of INVITE_LINK_DAYS) lets them choose their own.
     */
    async invite(ctx: RequestContext, body: z.output<typeof InviteUserBody>) {
      const { actor } = ctx;
      await authorizeGrants(actor, null, nothing, { ...body, permissions: [] });
      if (await repos.users.emailTaken(body.email)) throw invalid({ email: 'taken' });
      await checkBrands(body.brands);
      const at = now();
      const lang = body.lang ?? asLang(actor.user.lang);
      const person = { first_name: body.first_name ?? nameFromEmail(body.email), last_name: body.last_name ?? '' };
      // Nobody knows this password: the link in the mail is the way in.
      const passwordHash = await hashPassword(randomToken(24));
      const token = randomToken();
      const expires = new Date(clock.now().getTime() + INVITE_LINK_DAYS * 24 * 60 * 60 * 1000);
      const url = `${config.appUrl}/password/reset?${new URLSearchParams({ token, email: body.email }).toString()}`;
      const org = (await repos.setup.settings([SETTING_KEYS.orgName])).get(SETTING_KEYS.orgName) ?? null;
      const inviter = `${actor.user.first_name} ${actor.user.last_name}`.trim();
      const id = await deps.change(ctx, async (u) => {
        const userId = await u.repos.users.insert(
          newUserRow({
            ...person,
            email: body.email,
            password_hash: passwordHash,
            at,
            lang,
            status: 'ACTIVE',
            approved_at: at,
          }),
        );
        await u.repos.roles.setUserRoles(userId, body.roles);
        await u.repos.brands.setUserBrands(userId, body.brands);
        await u.repos.auth.insertReset(userId, sha256(token), at, iso(expires));
        await u.mail(inviteMail(lang, body.email, inviter, org, url));
        const { roles, brands, email } = body;
        await u.audit({
          event: 'user.invite',
          target: userTarget({ id: userId, ...person, email }),
          changes: created({ ...person, email, lang, status: 'ACTIVE', roles, brands }),
        });
        return userId;
      });
      return view(actor, found(await repos.users.byId(id)));
    },

    async edit(ctx: RequestContext, id: number, body: z.output<typeof EditUserBody>) {
      const { actor } = ctx;
      const target = await load(actor, id);
      const before = await grantsOf(id);
      authorize(usersPolicy.manages(actor, before.roles));
      await authorizeGrants(actor, id, before, body);
      if (usersPolicy.dropOwnAdmin(actor, id, body.roles)) throw invalid({ roles: 'invalid' });
      const { roles, permissions, brands, status, ...fields } = body;
      const statusChanged = status !== undefined && status !== target.status;
      // As the status change route: never one's own account (manages() is checked above).
      if (statusChanged && !usersPolicy.changeStatus(actor, id, before.roles)) throw invalid({ status: 'ownStatus' });
      if (body.email && (await repos.users.emailTaken(body.email, id))) throw invalid({ email: 'taken' });
      await checkBrands(body.brands);
      const emailChanged = fields.email !== undefined && fields.email !== target.email;
      await deps.change(ctx, async (u) => {
        await u.repos.users.update(id, {
          ...fields,
          ...(statusChanged ? { status } : {}),
          ...(emailChanged ? { verified_at: null } : {}),
          updated_at: now(),
        });
        // A deactivated user is signed out everywhere at once.
        if (statusChanged && status === 'INACTIVE') await u.repos.auth.deleteUserTokens(id);
        if (roles) await u.repos.roles.setUserRoles(id, roles);
        if (permissions) await u.repos.roles.setUserPermissions(id, permissions);
        if (brands) await u.repos.brands.setUserBrands(id, brands);
        const changes = changesOf(target, fields, PROFILE_FIELDS);
        const grants = Object.fromEntries(
          (['roles', 'permissions', 'brands'] as const).flatMap((k) => {
            const c = body[k] && setChange(before[k], body[k]);
            return c ? [[k, c]] : [];
          }),
        );
        const who = userTarget(target);
        const granted = Object.keys(grants).length > 0;
        if (Object.keys(changes).length || (!granted && !statusChanged))
          await u.audit({ event: 'user.update', target: who, changes });
        if (granted) await u.audit({ event: 'user.grants', target: who, changes: grants });
        if (statusChanged)
          await u.audit({
            event: 'user.status',
            target: who,
            changes: { status: { before: target.status, after: status } },
          });
        if (emailChanged) {
          const changed = (await u.repos.users.byId(id))!;
          await u.mail(mails.emailChanged(asLang(changed.lang), changed, target.email));
        }
      });
      return view(actor, await load(actor, id));
    },

    async changeStatus(ctx: RequestContext, id: number, status: 'ACTIVE' | 'INACTIVE' | undefined) {
      const { actor } = ctx;
      const target = await load(actor, id);
      authorize(usersPolicy.changeStatus(actor, id, (await grantsOf(id)).roles));
      const next = status ?? (target.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE');
      await deps.change(ctx, async (u) => {
        await u.repos.users.update(id, { status: next, updated_at: now() });
        // A deactivated user is signed out everywhere at once.
        if (next === 'INACTIVE') await u.repos.auth.deleteUserTokens(id);
        await u.audit({
          event: 'user.status',
          target: userTarget(target),
          changes: { status: { before: target.status, after: next } },
        });
      });
      return view(actor, await load(actor, id));
    },

    async unlock(ctx: RequestContext, id: number) {
      const { actor } = ctx;
      const target = await load(actor, id);
      authorize(usersPolicy.manages(actor, (await grantsOf(id)).roles));
      await deps.change(ctx, async (u) => {
        await u.repos.loginThrottles.clear(target.email);
        await u.audit({ event: 'user.unlock', target: userTarget(target) });
      });
      return view(actor, target);
    },

    async approve(ctx: RequestContext, id: number, body: z.output<typeof ApproveUserBody>) {
      const { actor } = ctx;
      const target = await load(actor, id);
      const before = await grantsOf(id);
      authorize(usersPolicy.changeStatus(actor, id, before.roles));
      const grants = { roles: body?.roles, brands: body?.brands };
      await authorizeGrants(actor, id, before, grants);
      await checkBrands(grants.brands);
      const firstApproval = !target.approved_at;
      await deps.change(ctx, async (u) => {
        await u.repos.users.update(id, {
          status: 'ACTIVE',
          approved_at: target.approved_at ?? now(),
          updated_at: now(),
        });
        if (grants.roles) await u.repos.roles.setUserRoles(id, grants.roles);
        if (grants.brands) await u.repos.brands.setUserBrands(id, grants.brands);
        const granted = Object.fromEntries(
          (['roles', 'brands'] as const).flatMap((k) => {
            const c = grants[k] && setChange(before[k], grants[k]);
            return c ? [[k, c]] : [];
          }),
        );
        // One entry: the approval and the grants it chose are one decision.
        await u.audit({
          event: 'user.approve',
          target: userTarget(target),
          changes: { status: { before: target.status, after: 'ACTIVE' }, ...granted },
        });
        await u.emit('user.approved', { userId: id, brandIds: [...(grants.brands ?? before.brands)] });
        if (firstApproval) await u.mail(mails.accountApproved(asLang(target.lang), target, `${config.appUrl}/login`));
      });
      return view(actor, await load(actor, id));
    },
  };
}

declare module '../../deps/services.js' {
  interface Services {
    users: ReturnType<typeof usersService>;
  }
}

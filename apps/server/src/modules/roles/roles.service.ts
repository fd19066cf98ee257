import { ADMIN_ONLY_PERMISSIONS, ADMIN_ROLE } from '@brandvault/contract';
import type { AuditChanges, CreateRoleBody, PermissionName, RoleView, UpdateRoleBody } from '@brandvault/contract';
import type { z } from 'zod';
import { AppError, invalid } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import type { RequestContext } from '../../lib/requestContext.js';
import { makeRepos } from '../../repos.js';
import type { Deps } from '../../services.js';
import type { Actor } from '../auth/actor.js';
import { auditTrail, created, setChange } from '../audit/audit.trail.js';

const ADMIN_ONLY = new Set<string>(ADMIN_ONLY_PERMISSIONS);

/**
 * Roles (§2 roles.manage). Role permission rows carry database triggers that bump the grant
 * generation, so every change here reaches live sessions on their next request.
 */
export function rolesService(deps: Deps) {
  const { repos, clock, handle } = deps;
  const audit = auditTrail(deps);
  const target = (r: { id: number; name: string }) => ({ type: 'role', id: r.id, label: r.name }) as const;

  /** Nobody grants what they do not hold; only administrators grant the admin-only set. */
  function refuseGrants(actor: Actor, before: readonly string[], after: readonly string[]) {
    const isAdmin = actor.roles.includes(ADMIN_ROLE);
    const was = new Set(before);
    const changed = [...after.filter((p) => !was.has(p)), ...before.filter((p) => !after.includes(p))];
    if (changed.some((p) => !actor.permissions.has(p) || (!isAdmin && ADMIN_ONLY.has(p))))
      throw invalid({ permissions: 'grant' });
  }

  async function load(id: number) {
    const role = await repos.roles.roleById(id);
    if (!role) throw new AppError('NOT_FOUND');
    return role;
  }

  async function viewOf(id: number): Promise<RoleView> {
    const r = (await repos.roles.allWithCounts()).find((x) => x.id === id)!;
    return { ...r, locked: r.name === ADMIN_ROLE };
  }

  return {
    async list(): Promise<{ data: RoleView[] }> {
      const all = await repos.roles.allWithCounts();
      return { data: all.map((r) => ({ ...r, locked: r.name === ADMIN_ROLE })) };
    },

    async create(ctx: RequestContext, body: z.output<typeof CreateRoleBody>) {
      const permissions = [...new Set(body.permissions)].sort() as PermissionName[];
      refuseGrants(ctx.actor, [], permissions);
      if (await repos.roles.roleNameTaken(body.name)) throw invalid({ name: 'taken' });
      const id = await handle.db.transaction().execute(async (trx) => {
        const tx = makeRepos(trx);
        const roleId = await tx.roles.insertRole(body.name, iso(clock.now()));
        await tx.roles.setRolePermissions(roleId, permissions);
        await audit.record(trx, ctx, {
          event: 'role.create',
          target: target({ id: roleId, name: body.name }),
          changes: created({ name: body.name, permissions }),
        });
        return roleId;
      });
      return viewOf(id);
    },

    async update(ctx: RequestContext, id: number, body: z.output<typeof UpdateRoleBody>) {
      const role = await load(id);
      const isAdminRole = role.name === ADMIN_ROLE;
      if (isAdminRole && body.name !== undefined && body.name !== role.name) throw invalid({ name: 'roleAdmin' });
      const before = (await repos.roles.permissionsOfRoles([role.name])).get(role.name) ?? [];
      const permissions = body.permissions && ([...new Set(body.permissions)].sort() as string[]);
      if (permissions) {
        if (isAdminRole && permissions.length !== new Set([...before, ...permissions]).size)
          throw invalid({ permissions: 'roleAdmin' });
        if (isAdminRole && before.some((p) => !permissions.includes(p))) throw invalid({ permissions: 'roleAdmin' });
        refuseGrants(ctx.actor, before, permissions);
      }
      if (body.name !== undefined && body.name !== role.name && (await repos.roles.roleNameTaken(body.name, id)))
        throw invalid({ name: 'taken' });
      await handle.db.transaction().execute(async (trx) => {
        const tx = makeRepos(trx);
        const changes: AuditChanges = {};
        if (body.name !== undefined && body.name !== role.name) {
          await tx.roles.renameRole(id, body.name);
          changes.name = { before: role.name, after: body.name };
        }
        if (permissions) {
          const c = setChange(before, permissions);
          if (c) {
            await tx.roles.setRolePermissions(id, permissions);
            changes.permissions = c;
          }
        }
        await audit.record(trx, ctx, {
          event: 'role.update',
          target: target({ id, name: body.name ?? role.name }),
          changes,
        });
      });
      return viewOf(id);
    },

    async remove(ctx: RequestContext, id: number) {
      const role = await load(id);
      if (role.name === ADMIN_ROLE) throw invalid({ name: 'roleAdmin' });
      const users = (await repos.roles.allWithCounts()).find((r) => r.id === id)?.users ?? 0;
      if (users) throw new AppError('INVALID_DATA', { fieldKeys: { name: 'roleInUse' }, fieldVars: { n: users } });
      const before = (await repos.roles.permissionsOfRoles([role.name])).get(role.name) ?? [];
      await handle.db.transaction().execute(async (trx) => {
        await makeRepos(trx).roles.deleteRole(id);
        await audit.record(trx, ctx, {
          event: 'role.delete',
          target: target(role),
          changes: { name: { before: role.name, after: null }, permissions: { before, after: null } },
        });
      });
      return { ok: true as const };
    },
  };
}

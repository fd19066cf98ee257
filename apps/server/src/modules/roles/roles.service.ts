import type { AuditChanges, CreateRoleBody, PermissionName, RoleView, UpdateRoleBody } from '@brandvault/contract';
import type { z } from 'zod';
import { AppError, invalid } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import type { Actor } from '../../access/principal.js';
import { created, setChange } from '../audit/audit.trail.js';
import { rolesPolicy } from './roles.policy.js';

/**
 * Roles (§2 roles.manage). Role permission rows carry database triggers that bump the grant
 * generation, so every change here reaches live sessions on their next request.
 */
export function rolesService(deps: Deps) {
  const { repos, clock } = deps;
  const target = (r: { id: number; name: string }) => ({ type: 'role', id: r.id, label: r.name }) as const;

  /** Nobody grants what they do not hold; only administrators grant the admin-only set. */
  function refuseGrants(actor: Actor, before: readonly string[], after: readonly string[]) {
    if (!rolesPolicy.grants(actor, before, after)) throw invalid({ permissions: 'grant' });
  }

  async function load(id: number) {
    const role = await repos.roles.roleById(id);
    if (!role) throw new AppError('NOT_FOUND');
    return role;
  }

  async function viewOf(id: number): Promise<RoleView> {
    const r = (await repos.roles.allWithCounts()).find((x) => x.id === id)!;
    return { ...r, locked: rolesPolicy.locked(r) };
  }

  return {
    async list(): Promise<{ data: RoleView[] }> {
      const all = await repos.roles.allWithCounts();
      return { data: all.map((r) => ({ ...r, locked: rolesPolicy.locked(r) })) };
    },

    async create(ctx: RequestContext, body: z.output<typeof CreateRoleBody>) {
      const permissions = [...new Set(body.permissions)].sort() as PermissionName[];
      refuseGrants(ctx.actor, [], permissions);
      if (await repos.roles.roleNameTaken(body.name)) throw invalid({ name: 'taken' });
      const id = await deps.change(ctx, async (u) => {
        const roleId = await u.repos.roles.insertRole(body.name, iso(clock.now()));
        await u.repos.roles.setRolePermissions(roleId, permissions);
        await u.audit({
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
      const locked = rolesPolicy.locked(role);
      if (locked && body.name !== undefined && body.name !== role.name) throw invalid({ name: 'roleAdmin' });
      const before = (await repos.roles.permissionsOfRoles([role.name])).get(role.name) ?? [];
      const permissions = body.permissions && ([...new Set(body.permissions)].sort() as string[]);
      if (permissions) {
        if (locked && permissions.length !== new Set([...before, ...permissions]).size)
          throw invalid({ permissions: 'roleAdmin' });
        if (locked && before.some((p) => !permissions.includes(p))) throw invalid({ permissions: 'roleAdmin' });
        refuseGrants(ctx.actor, before, permissions);
      }
      if (body.name !== undefined && body.name !== role.name && (await repos.roles.roleNameTaken(body.name, id)))
        throw invalid({ name: 'taken' });
      await deps.change(ctx, async (u) => {
        const changes: AuditChanges = {};
        if (body.name !== undefined && body.name !== role.name) {
          await u.repos.roles.renameRole(id, body.name);
          changes.name = { before: role.name, after: body.name };
        }
        if (permissions) {
          const c = setChange(before, permissions);
          if (c) {
            await u.repos.roles.setRolePermissions(id, permissions);
            changes.permissions = c;
          }
        }
        await u.audit({
          event: 'role.update',
          target: target({ id, name: body.name ?? role.name }),
          changes,
        });
      });
      return viewOf(id);
    },

    async remove(ctx: RequestContext, id: number) {
      const role = await load(id);
      if (rolesPolicy.locked(role)) throw invalid({ name: 'roleAdmin' });
      const users = (await repos.roles.allWithCounts()).find((r) => r.id === id)?.users ?? 0;
      if (users) throw new AppError('INVALID_DATA', { fieldKeys: { name: 'roleInUse' }, fieldVars: { n: users } });
      const before = (await repos.roles.permissionsOfRoles([role.name])).get(role.name) ?? [];
      await deps.change(ctx, async (u) => {
        await u.repos.roles.deleteRole(id);
        await u.audit({
          event: 'role.delete',
          target: target(role),
          changes: { name: { before: role.name, after: null }, permissions: { before, after: null } },
        });
      });
      return { ok: true as const };
    },
  };
}

declare module '../../deps/services.js' {
  interface Services {
    roles: ReturnType<typeof rolesService>;
  }
}

import { z } from 'zod';
import { PERMISSIONS } from '../core/permissions.js';
import { text } from './common.js';

/** A role's name: lower-case letters, digits, dots, dashes and underscores, as the seeded ones. */
export const RoleNameSchema = text()
  .pipe(z.string().trim().min(2).max(50))
  .pipe(z.string().regex(/^[a-z][a-z0-9._-]*$/));
export const RolePermissions = z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length);

export const RoleView = z.object({
  id: z.number().int(),
  name: z.string(),
  permissions: z.array(z.string()),
  users: z.number().int(),
  locked: z.boolean(),
});
export type RoleView = z.infer<typeof RoleView>;
export const RoleList = z.object({ data: z.array(RoleView) });

export const CreateRoleBody = z.strictObject({ name: RoleNameSchema, permissions: RolePermissions.default([]) });
export const UpdateRoleBody = z.strictObject({
  name: RoleNameSchema.optional(),
  permissions: RolePermissions.optional(),
});

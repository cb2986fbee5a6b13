// Roles of the school and their permissions (document 1 §2 "Roles" tab, §6, §7), and the
// permission catalogue they are made of. System roles cannot be edited or deleted; nobody grants
// a permission they do not hold.
import { z } from 'zod';
import { idParams, name } from './common';
import { type Answer, area, type Body, del, get, idNotice, post, put } from './endpoint';
import { adminServerText } from './texts/admin';

const t = adminServerText.roles;

export const permission = z.strictObject({
  id: z.number(),
  key: z.string(),
  category: z.string(),
  description: z.string(),
});
export type Permission = z.output<typeof permission>;

export const role = z.strictObject({
  id: z.string(),
  name: z.string(),
  is_system: z.boolean(),
  template_key: z.string().nullable(),
  /** What a save of the role editor names, so that it never overwrites a newer save. */
  revision: z.number(),
  permissions: z.array(permission),
});
export type Role = z.output<typeof role>;

const roleBody = z.object({
  name: name(t.nameRequired),
  permissionIds: z
    .array(z.number({ error: t.unknownPermission }).int(t.unknownPermission), { error: t.unknownPermission })
    .max(100),
});
const savedRole = z.strictObject({ id: z.string(), name: z.string(), revision: z.number(), message: z.string() });

export const rolesApi = area('roles', {
  permissions: get(
    '/permissions',
    'Every permission, with its category and French description, for the role editor and the role info buttons.',
    {
      answers: { 200: z.array(permission) },
    },
  ),
  list: get(
    '/roles',
    'Every role of the school with its permissions, system roles first (role editor, add-user form, role info buttons).',
    {
      answers: { 200: z.array(role) },
    },
  ),
  create: post('/roles', 'Creates a role from a name and permissions.', {
    body: roleBody,
    answers: { 201: savedRole },
  }),
  update: put(
    '/roles/:id',
    "Renames a school's own role and replaces its permissions (holders see the change at once), unless someone saved it since the editor read it (409).",
    {
      params: idParams,
      /**
       * An edit names the revision of the role it started from (the screen always does); without
       * one (document 1's {name, permissionIds}) it applies to the role as it is now.
       */
      body: roleBody.extend({ revision: z.number().int().min(0).optional() }),
      answers: { 200: savedRole },
    },
  ),
  remove: del('/roles/:id', "Deletes a school's own role; its holders lose it and are signed out.", idNotice),
});

export type RoleInput = Body<typeof rolesApi.create>;
export type SavedRole = Answer<typeof rolesApi.create>;

import { readFileSync } from 'node:fs';
import { Kind, parse, StringValueNode, ListValueNode } from 'graphql';
import { SUPERGRAPH_FILE } from '../../../platform/schema-files';
import { MembershipRole } from '../team/membership.entity';

/** Ids of the built-in roles: what a membership role grants when no custom role is assigned. */
export const SYSTEM_ROLE_IDS: Record<MembershipRole, string> = {
  MEMBER: 'member_role',
  ADMIN: 'admin_role',
  OWNER: 'owner_role',
};

const DEFAULT_ROLES = ['ADMIN', 'OWNER'];
let byRole: Map<string, string[]> | undefined;

/**
 * The permissions a membership role grants, read from the `@pbac` rules of the published supergraph,
 * so the answer can never disagree with what is enforced.
 */
export function systemRolePermissions(role: MembershipRole): string[] {
  byRole ??= collectPbacRules();
  return byRole.get(role) ?? [];
}

function collectPbacRules(): Map<string, string[]> {
  const grants = new Map<string, Set<string>>();
  const document = parse(readFileSync(SUPERGRAPH_FILE, 'utf8'));
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION && definition.kind !== Kind.OBJECT_TYPE_EXTENSION) continue;
    for (const field of definition.fields ?? []) {
      for (const directive of field.directives ?? []) {
        if (directive.name.value !== 'pbac') continue;
        const argument = (name: string) => directive.arguments?.find((a) => a.name.value === name)?.value;
        const permission = (argument('permission') as StringValueNode).value;
        const roles = argument('roles') as ListValueNode | undefined;
        for (const role of roles ? roles.values.map((v) => (v as StringValueNode).value) : DEFAULT_ROLES) {
          if (!grants.has(role)) grants.set(role, new Set());
          grants.get(role)!.add(permission);
        }
      }
    }
  }
  return new Map([...grants].map(([role, permissions]) => [role, [...permissions].sort()]));
}

import { defaultFieldResolver, GraphQLSchema } from 'graphql';
import { getDirective, MapperKind, mapSchema } from '@graphql-tools/utils';
import { forbidden, unauthenticated } from './errors';
import { Principal, PrincipalMembership } from './principal';

/**
 * The authorization rules every subgraph declares in its SDL, imported from one project spec and
 * kept in the supergraph with @composeDirective so integrators see every rule.
 */
export const AUTHZ_SPEC_URL = 'https://specs.svc.dev/authz/v1.0';
export const AUTHZ_DIRECTIVE_NAMES = ['scopes', 'pbac', 'ownData', 'internal', 'serviceAdmin', 'public', 'platformClient', 'consented'] as const;

export const AUTHZ_DIRECTIVES_SDL = /* GraphQL */ `
"""OAuth scopes an access token needs: any one inner list, every scope in it. ORG_X also grants TEAM_X. API keys act with the user's full rights."""
directive @scopes(anyOf: [[String!]!]!) on FIELD_DEFINITION
"""Membership role (or, where the member has an organization role, the named permission) on the team or organization found at \`team\` / \`org\` (paths such as "args.teamId", "parent.id" or "principal.organizationId", the caller's organization). \`orgRoles\`: the roles that count on the organization when they differ from \`roles\` (such as a team's own members but only the organization's admins). \`grantsRole\`: the path of the membership role the operation gives (such as "args.input.role"); when that role is OWNER, the caller must be an accepted OWNER of that team or organization (no other role or permission grants OWNER)."""
directive @pbac(
  permission: String!, roles: [String!]! = ["ADMIN", "OWNER"], orgRoles: [String!], team: String, org: String, grantsRole: String
) on FIELD_DEFINITION
"""Only the user whose id is found at \`userId\` (a path such as "parent.id") may read this field."""
directive @ownData(userId: String!) on FIELD_DEFINITION
"""Only the gateway itself may call this field (credential resolution)."""
directive @internal on FIELD_DEFINITION
"""Only a service administrator, acting with their own full rights (an API key, not an OAuth app's token), may call this field (OAuth client review)."""
directive @serviceAdmin on FIELD_DEFINITION
"""A public operation (create, cancel, reschedule a booking; slots): anyone may call it, and an access token needs no scope for it. Any other operation without @scopes refuses access tokens (spec 5.3). With \`when\` (a path such as "args.username"), the operation is public only when that path holds a value (not null, not a blank string); without one, the field's other rules (@scopes …) apply, as for a private read."""
directive @public(when: String) on FIELD_DEFINITION
"""Only the platform OAuth client whose id is found at \`clientId\` (a path such as "args.clientId"), authenticated by its own secret key, may call this field. The client acts for itself, so no OAuth scope is asked (spec 4.2: the deprecated webhooks of a platform OAuth client)."""
directive @platformClient(clientId: String!) on FIELD_DEFINITION
"""Consent (a membership someone else gave is an invitation): until the membership's \`accepted\` (a path such as "parent.accepted") is true, only the person whose id is found at \`userId\` sees this field; anybody else reads null."""
directive @consented(userId: String!, accepted: String!) on FIELD_DEFINITION
`;

interface FieldRules {
  scopes?: { anyOf: string[][] };
  pbac?: { permission: string; roles: string[]; orgRoles?: string[]; team?: string; org?: string; grantsRole?: string };
  ownData?: { userId: string };
  internal?: Record<string, never>;
  serviceAdmin?: Record<string, never>;
  public?: { when?: string };
  platformClient?: { clientId: string };
  consented?: { userId: string; accepted: string };
  /** Set on root fields without @scopes or @public: no OAuth scope covers them, so access tokens are refused. */
  noScopeCovers?: true;
}

interface Resolved {
  parent: unknown;
  args: Record<string, unknown>;
}

/** What a rule's path may read about the caller: `principal.userId`, `principal.organizationId`. */
interface PrincipalFacts {
  userId: number | null;
  /** The organization of the caller's first accepted organization membership; null for a non-organization account. */
  organizationId: number | null;
}

function factsOf(principal: Principal): PrincipalFacts {
  const organization = principal.memberships.find((m) => m.accepted && m.isOrganization);
  return { userId: principal.userId, organizationId: organization?.teamId ?? null };
}

function readPath(root: Resolved & { principal?: PrincipalFacts }, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value == null ? undefined : (value as Record<string, unknown>)[key]), root);
}

/** The 403 of a credential with scopes on an operation no scope covers (the real service's sentence, then which operation). */
export const NOT_FOR_TOKENS = 'insufficient_scope: this endpoint is not available for third-party OAuth tokens';

/** ORG_X grants TEAM_X as well. */
function holdsScope(granted: string[], wanted: string): boolean {
  return granted.includes(wanted) || (wanted.startsWith('TEAM_') && granted.includes(`ORG_${wanted.slice(5)}`));
}

function membershipAllows(m: PrincipalMembership | undefined, permission: string, roles: string[]): boolean {
  if (!m || !m.accepted) return false;
  return m.permissions ? m.permissions.includes(permission) : roles.includes(m.role);
}

function isOwner(m: PrincipalMembership | undefined): boolean {
  return !!m && m.accepted && m.role === 'OWNER';
}

/** Throws the GraphQL error a caller without the right must see; returns quietly otherwise. */
export function authorize(rules: FieldRules, principal: Principal, at: Resolved, fieldName: string): void {
  if (principal.kind === 'system') return;
  if (rules.internal) throw forbidden(`${fieldName} is internal to the gateway`);
  if (principal.kind === 'anonymous' || principal.userId == null) throw unauthenticated();

  if (rules.platformClient) {
    const clientId = readPath(at, rules.platformClient.clientId);
    if (principal.kind !== 'platform' || principal.clientId == null || principal.clientId !== clientId) {
      throw forbidden(`${fieldName} is for the platform OAuth client itself: authenticate with its id and its secret key (x-svc-secret-key)`);
    }
  }

  if (rules.noScopeCovers && principal.scopes) {
    throw forbidden(`${NOT_FOR_TOKENS} (${fieldName} is not covered by any OAuth scope: use an API key)`);
  }

  if (rules.serviceAdmin && (!principal.isServiceAdmin || principal.scopes !== null)) {
    throw forbidden(`${fieldName} is for service administrators, with their own credential (not an OAuth app's token)`);
  }

  if (rules.scopes && principal.scopes) {
    const granted = principal.scopes;
    if (!rules.scopes.anyOf.some((all) => all.every((scope) => holdsScope(granted, scope)))) {
      const missing = rules.scopes.anyOf.map((all) => all.filter((scope) => !holdsScope(granted, scope)).join(', ')).join(' or ');
      throw forbidden(`insufficient_scope: token does not have the required scopes. Required: ${missing}. Token has: ${granted.join(', ')}`);
    }
  }

  if (rules.ownData) {
    const owner = Number(readPath(at, rules.ownData.userId));
    if (owner !== principal.userId) throw forbidden(`${fieldName} can only be read by its own user`);
  }

  if (rules.pbac) {
    const root = { ...at, principal: factsOf(principal) };
    const teamId = rules.pbac.team ? Number(readPath(root, rules.pbac.team) ?? NaN) : NaN;
    const orgId = rules.pbac.org ? Number(readPath(root, rules.pbac.org) ?? NaN) : NaN;
    const onTeam = principal.memberships.find((m) => m.teamId === teamId && !m.isOrganization);
    const onOrg = principal.memberships.find((m) => m.teamId === orgId && m.isOrganization);
    const { permission, roles } = rules.pbac;
    const orgRoles = rules.pbac.orgRoles ?? roles;
    if (!membershipAllows(onTeam, permission, roles) && !membershipAllows(onOrg, permission, orgRoles)) {
      if (rules.pbac.org?.startsWith('principal.') && !rules.pbac.team && Number.isNaN(orgId)) {
        throw forbidden(`For organization members only (${permission}): the caller belongs to no organization`);
      }
      if (rules.pbac.org && !rules.pbac.team) throw forbidden(`Requires the organization role ${orgRoles.join(' or ')} or the permission ${permission}`);
      const orgPart = rules.pbac.org && rules.pbac.orgRoles ? `, the organization role ${orgRoles.join(' or ')},` : '';
      throw forbidden(`Requires the team role ${roles.join(' or ')}${orgPart} or the permission ${permission}`);
    }
    // Owners make owners: an ADMIN (or a custom role's permission) may change roles, but never give OWNER.
    if (rules.pbac.grantsRole && readPath(root, rules.pbac.grantsRole) === 'OWNER' && !isOwner(onTeam) && !isOwner(onOrg)) {
      const where = rules.pbac.org && !rules.pbac.team ? 'organization' : 'team';
      throw forbidden(`Only an OWNER of the ${where} may grant the OWNER role`);
    }
  }
}

/** Whether a conditionally public field (`@public(when: …)`) is public for this call: its path holds a value. */
function publicFor(rule: NonNullable<FieldRules['public']>, at: Resolved): boolean {
  const value = readPath(at, rule.when!);
  return value != null && (typeof value !== 'string' || value.trim() !== '');
}

/** Whether the field shows: the membership is accepted, or the caller is its person (or the system). */
function consents(rule: NonNullable<FieldRules['consented']>, principal: Principal, at: Resolved): boolean {
  if (principal.kind === 'system' || readPath(at, rule.accepted) === true) return true;
  return principal.userId != null && Number(readPath(at, rule.userId)) === principal.userId;
}

/** Wraps every field that carries an authorization directive, wherever it is reached from (including `_entities`). */
export function applyAuthzDirectives(schema: GraphQLSchema): GraphQLSchema {
  const rootTypes = new Set([schema.getQueryType()?.name, schema.getMutationType()?.name].filter(Boolean));
  return mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (field, fieldName, typeName) => {
      const rules: FieldRules = {};
      for (const name of AUTHZ_DIRECTIVE_NAMES) {
        const found = getDirective(schema, field, name)?.[0];
        if (found) (rules as Record<string, unknown>)[name] = found;
      }
      if (rules.public && rules.public.when == null) return field;
      if (rootTypes.has(typeName) && !fieldName.startsWith('_') && !rules.scopes && !rules.internal && !rules.platformClient) rules.noScopeCovers = true;
      if (Object.keys(rules).length === 0) return field;
      const resolve = field.resolve ?? defaultFieldResolver;
      return {
        ...field,
        resolve(parent, args, context: { principal: Principal }, info) {
          if (!rules.public || !publicFor(rules.public, { parent, args })) authorize(rules, context.principal, { parent, args }, fieldName);
          if (rules.consented && !consents(rules.consented, context.principal, { parent, args })) return null;
          return resolve(parent, args, context, info);
        },
      };
    },
  });
}

import { Principal } from '../../../platform/principal';

/**
 * Consent (issue 21): a membership lets a team read a person's data (schedules, time off, busy times,
 * bookings, being made a host) only once that person accepted it. `accepted: true` stands for the
 * person's consent only when the person says it themselves, when an operator tool (the system) says it,
 * or when an administrator of an organization the person already belongs to places them in one of that
 * organization's teams (the organization already holds their consent to be organized). From anybody
 * else the membership is an invitation: stored unaccepted, for the person to accept or decline.
 */
export interface MembershipActor {
  /** The caller's user id; null for the system (operator tools, other subgraphs). */
  userId: number | null;
  /** Whether the caller may manage the memberships of the teams of organization `orgId` as its administrator. */
  administers(orgId: number): boolean;
}

/** The permission an organization's custom role needs to place people in its teams (the same as @pbac's `team.invite`). */
const PLACES_MEMBERS = 'team.invite';
const ADMIN_ROLES: ReadonlySet<string> = new Set(['ADMIN', 'OWNER']);

export function actorOf(principal: Principal): MembershipActor {
  if (principal.kind === 'system') return { userId: null, administers: () => true };
  return {
    userId: principal.userId,
    administers: (orgId) =>
      principal.memberships.some(
        (m) => m.teamId === orgId && m.isOrganization && m.accepted && (m.permissions ? m.permissions.includes(PLACES_MEMBERS) : ADMIN_ROLES.has(m.role)),
      ),
  };
}

/** The membership being given: whose it is, and which organization the team belongs to (none for an organization itself or a standalone team). */
export interface ConsentTarget {
  userId: number;
  /** The organization of the team, when the team is one of an organization's. */
  organizationId: number | null;
  /** Whether the person is an accepted member of that organization. */
  inOrganization: boolean;
}

/** Whether `accepted: true` from `actor` is the person's consent (otherwise the membership is an invitation). */
export function mayAcceptFor(actor: MembershipActor, target: ConsentTarget): boolean {
  if (actor.userId === null) return true;
  if (actor.userId === target.userId) return true;
  return target.organizationId != null && target.inOrganization && actor.administers(target.organizationId);
}

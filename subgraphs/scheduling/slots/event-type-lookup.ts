import { DataSource } from 'typeorm';
import { SubgraphContext } from '../../../platform/context';
import { badInput, notFound, notFoundSaying } from '../../../platform/errors';
import { leanFindBy } from '../../../platform/lean-reads';
import { EventTypeHost } from '../event-type/event-type-host.entity';
import { EventType } from '../event-type/event-type.entity';
import { DEFAULT_HOST_PRIORITY, HostRole } from '../event-type/host-roles';
import { calendarBusySourceOf, CalendarBusySource } from './calendar-busy-times';
import { TeamBySlugDocument, UserByUsernameDocument, UserTimeZonesDocument } from '../contracts/generated';

/** How a public request names the event type (reference: GET /v2/slots, POST /v2/bookings). */
export interface EventTypeRef {
  eventTypeId?: number | null;
  eventTypeSlug?: string | null;
  /** The owner of a personal event type … */
  username?: string | null;
  /** … or the team of a team event type … */
  teamSlug?: string | null;
  /** … optionally inside this organization. */
  organizationSlug?: string | null;
}

/** Users and teams live in the organizations subgraph: who a username or team slug is. */
export interface OwnerDirectory extends Partial<CalendarBusySource> {
  userIdOf(username: string, organizationSlug: string | null): Promise<number | null>;
  teamIdOf(slug: string, organizationSlug: string | null): Promise<number | null>;
  /** The profile time zone of each user (spec 8 rule 4: booking limit periods are the user's days, weeks…). */
  timeZonesOf(userIds: readonly number[]): Promise<Map<number, string>>;
}

/** The directory a request uses: the organizations subgraph's @internal lookups, through the supergraph. */
export function ownerDirectoryOf(ctx: SubgraphContext): OwnerDirectory {
  return {
    ...calendarBusySourceOf(ctx),
    async userIdOf(username, organizationSlug) {
      const data = await ctx.graph.call(UserByUsernameDocument, { username, organizationSlug });
      return data.userByUsername?.id ?? null;
    },
    async teamIdOf(slug, organizationSlug) {
      const data = await ctx.graph.call(TeamBySlugDocument, { slug, organizationSlug });
      return data.teamBySlug?.id ?? null;
    },
    async timeZonesOf(userIds) {
      if (!userIds.length) return new Map();
      const data = await ctx.graph.call(UserTimeZonesDocument, { ids: [...userIds] });
      return new Map(data.usersById.map((u) => [u.id, u.timeZone]));
    },
  };
}

/**
 * The event type a request names: `eventTypeId`, else `eventTypeSlug` with `username` (personal) or
 * `teamSlug` (team), and `organizationSlug` when the owner is inside an organization.
 */
export async function findEventType(db: DataSource, directory: OwnerDirectory | null, ref: EventTypeRef): Promise<EventType> {
  const repository = db.getRepository(EventType);
  if (ref.eventTypeId != null) {
    // Every booking and slots request reads it: the lean read, not TypeORM's query builder.
    const [eventType] = await leanFindBy(db, EventType, 'id', [ref.eventTypeId]);
    if (!eventType) throw notFound('Event type', ref.eventTypeId);
    return eventType;
  }
  const slug = ref.eventTypeSlug?.trim();
  const username = ref.username?.trim();
  const teamSlug = ref.teamSlug?.trim();
  if (!slug) {
    throw badInput(
      username || teamSlug ? 'eventTypeSlug' : 'eventTypeId',
      username || teamSlug
        ? `eventTypeSlug is required with ${username ? 'username' : 'teamSlug'}`
        : 'eventTypeId is required (or eventTypeSlug with username or teamSlug)',
    );
  }
  if (username && teamSlug) throw badInput('teamSlug', 'teamSlug cannot be combined with username: send one of them');
  if (!username && !teamSlug) throw badInput('username', 'username or teamSlug is required with eventTypeSlug');
  if (!directory) throw badInput('eventTypeId', 'eventTypeId is required here');
  const organizationSlug = ref.organizationSlug?.trim() || null;
  const inOrg = organizationSlug ? ` in organization "${organizationSlug}"` : '';

  const query = repository.createQueryBuilder('e').where('lower(e.slug) = lower(:slug)', { slug });
  if (username) {
    const ownerId = await directory.userIdOf(username, organizationSlug);
    if (ownerId == null) throw notFoundSaying(`No user with username "${username}"${inOrg}`);
    query.andWhere('e.owner_id = :ownerId AND e.team_id IS NULL', { ownerId });
  } else {
    const teamId = await directory.teamIdOf(teamSlug!, organizationSlug);
    if (teamId == null) throw notFoundSaying(`No team with slug "${teamSlug}"${inOrg}`);
    query.andWhere('e.team_id = :teamId', { teamId });
  }
  const eventType = await query.getOne();
  if (!eventType) throw notFoundSaying(`No event type with slug "${slug}" for ${username ? `user "${username}"` : `team "${teamSlug}"`}`);
  return eventType;
}

/** Who can host the event type, with their round-robin roles: its owner (personal), or the hosts of a team event type. */
export async function hostRolesOfEventType(db: DataSource, eventType: EventType): Promise<HostRole[]> {
  if (eventType.teamId == null) return eventType.ownerId == null ? [] : [{ userId: eventType.ownerId, mandatory: false, priority: DEFAULT_HOST_PRIORITY }];
  // A managed team event type is a template: its members' own event types (its children) are booked.
  if (eventType.schedulingType === 'managed') return [];
  const hosts = await db.getRepository(EventTypeHost).find({ where: { eventTypeId: eventType.id }, order: { userId: 'ASC' } });
  return hosts.map(({ userId, mandatory, priority }) => ({ userId, mandatory, priority }));
}

/** Who can host the event type: its owner (personal), or the hosts of a team event type. */
export async function hostIdsOf(db: DataSource, eventType: EventType): Promise<number[]> {
  return (await hostRolesOfEventType(db, eventType)).map((h) => h.userId);
}

/**
 * A round-robin event type with mandatory hosts: who must attend every booking and who may be picked beside them
 * (null when no host is mandatory, or the event type is not round robin: collective ones need every host anyway).
 */
export function mandatorySplit(eventType: EventType, roles: readonly HostRole[]): { mandatory: number[]; optional: number[] } | null {
  if (eventType.teamId == null || eventType.schedulingType === 'collective' || !roles.some((r) => r.mandatory)) return null;
  return { mandatory: roles.filter((r) => r.mandatory).map((r) => r.userId), optional: roles.filter((r) => !r.mandatory).map((r) => r.userId) };
}

/** The hosts every booking of the event type includes: all of a collective one's, a round-robin one's mandatory hosts. */
export function requiredHostIds(eventType: EventType, roles: readonly HostRole[]): number[] {
  if (eventType.teamId != null && eventType.schedulingType === 'collective') return roles.map((r) => r.userId);
  return mandatorySplit(eventType, roles)?.mandatory ?? [];
}

/**
 * The hosts a new booking or hold of the event type goes to. A team event type without hosts has no time to give:
 * a 400 naming eventTypeId (the real service's 400), not the 409 of a taken time. A managed template has none of its
 * own and is left to its own refusal.
 */
export async function hostsToPlace(db: DataSource, eventType: EventType, what: 'booked' | 'reserved'): Promise<HostRole[]> {
  const hosts = await hostRolesOfEventType(db, eventType);
  if (!hosts.length && eventType.teamId != null && eventType.schedulingType !== 'managed')
    throw badInput('eventTypeId', `event type ${eventType.id} has no hosts: none of its slots can be ${what}`);
  return hosts;
}

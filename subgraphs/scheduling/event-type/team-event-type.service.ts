import { DataSource, EntityManager, FindOptionsWhere, In } from 'typeorm';
import { badInput, notFound } from '../../../platform/errors';
import { PageArgs, pageWindow } from '../../../platform/pagination';
import { TeamDirectory } from '../team/team-directory';
import { EventType } from './event-type.entity';
import { applyChanges, EventTypeChanges, EventTypeService, NewEventType, refuseImmutableChanges, schedulingTypeOf } from './event-type.service';
import { slugConflict } from './event-type-conflicts';
import { EventTypeHost } from './event-type-host.entity';
import { syncManagedChildren } from './managed-event-types';
import { checkTeamConferencing, TeamConferencing } from './team-conferencing';
import { HostRole, hostRolesOf, HostSpec } from './host-roles';

/** How a team event type's hosts are given: chosen members, or every member of the team. */
export interface HostChoice {
  hosts?: HostSpec[] | null;
  assignAllTeamMembers?: boolean | null;
}

export type NewTeamEventType = Omit<NewEventType, 'ownerId' | 'teamId' | 'hosts' | 'assignAllTeamMembers'> & HostChoice;
export type TeamEventTypeChanges = Omit<EventTypeChanges, 'assignAllTeamMembers'> & HostChoice;

/** Every host attends a collective booking, so seats (attendees sharing one host's booking) are not combined with it. */
function refuseSeatedCollective(schedulingType: string | null | undefined, seated: boolean): void {
  if (schedulingType === 'collective' && seated) throw badInput('seats', 'seats cannot be combined with schedulingType collective');
}

/** A seated booking is one host's, joined by attendees; mandatory hosts attend every booking beside the one picked: not combined. */
function refuseSeatedMandatory(schedulingType: string | null | undefined, seated: boolean, hosts: readonly HostRole[]): void {
  if (seated && schedulingType !== 'collective' && hosts.some((h) => h.mandatory))
    throw badInput('hosts', 'mandatory hosts cannot be combined with seats: a seated booking has one host');
}

/** Where a team is addressed: `/v2/teams/{teamId}/…`, or `/v2/organizations/{orgId}/teams/{teamId}/…` with `orgId`. */
export interface TeamAddress {
  teamId: number;
  orgId?: number | null;
}

/**
 * Event types of a team. Hosts must be accepted members of the team and a team addressed inside an
 * organization must be one of its teams: both are asked of the organizations subgraph (TeamDirectory).
 */
export class TeamEventTypeService {
  private readonly eventTypes: EventTypeService;

  constructor(
    private readonly db: DataSource,
    private readonly teams: TeamDirectory,
  ) {
    this.eventTypes = new EventTypeService(db);
  }

  /** Under an organization's path, the team must belong to that organization (else NOT_FOUND, as for memberships). */
  async checkAddress({ teamId, orgId }: TeamAddress): Promise<void> {
    if (orgId == null) return;
    const roster = await this.teams.roster(teamId);
    if (!roster || roster.isOrganization || roster.parentId !== orgId) throw notFound('Team', teamId);
  }

  async list(address: TeamAddress, page: PageArgs, eventSlug?: string | null): Promise<[EventType[], number]> {
    await this.checkAddress(address);
    const { take, skip } = pageWindow(page);
    const where: FindOptionsWhere<EventType> = { teamId: address.teamId, ...(eventSlug ? { slug: eventSlug } : {}) };
    return this.db.getRepository(EventType).findAndCount({ where, order: { id: 'ASC' }, take, skip });
  }

  /** An event type of the team; one of another team (or a personal one) is reported as not found. */
  async get(address: TeamAddress, id: number, manager: EntityManager = this.db.manager, lock = false): Promise<EventType> {
    await this.checkAddress(address);
    const eventType = await manager.findOne(EventType, {
      where: { id, teamId: address.teamId },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!eventType) throw notFound('Event type', id);
    return eventType;
  }

  /** The team's conferencing apps are asked of the integrations subgraph (`conferencing`) when a location names one. */
  async create(address: TeamAddress, input: NewTeamEventType, conferencing: TeamConferencing): Promise<EventType> {
    await this.checkAddress(address);
    await this.checkLocations(address.teamId, input.locations, conferencing);
    const { hosts, assignAllTeamMembers, ...eventType } = input;
    const hostRoles = (await this.hostRolesOf(address.teamId, { hosts, assignAllTeamMembers })) ?? [];
    const hostIds = hostRoles.map((h) => h.userId);
    if (eventType.scheduleId != null)
      await this.eventTypes.checkSchedule(eventType.scheduleId, (await this.teams.roster(address.teamId))?.acceptedMemberIds ?? []);
    const type = schedulingTypeOf(eventType.schedulingType ?? null, true);
    const seated = eventType.seats?.seatsPerTimeSlot != null && eventType.seats?.disabled !== true;
    refuseSeatedCollective(type, seated);
    refuseSeatedMandatory(type, seated, hostRoles);
    const managed = type === 'managed';
    // A managed event type's hosts are its assigned members: each gets a personal copy in the same transaction.
    const copies = managed ? (tx: EntityManager, template: EventType) => syncManagedChildren(tx, template, hostIds) : undefined;
    return this.eventTypes.create({ ...eventType, teamId: address.teamId, hosts: hostRoles, assignAllTeamMembers: assignAllTeamMembers === true }, copies);
  }

  /** Applies the changes; `teamId` and `parentId` cannot change; `hosts` or `assignAllTeamMembers` replace the hosts. */
  async update(address: TeamAddress, id: number, changes: TeamEventTypeChanges, conferencing: TeamConferencing): Promise<EventType> {
    const eventType = await this.get(address, id);
    refuseImmutableChanges(eventType, changes);
    await this.checkLocations(address.teamId, changes.locations, conferencing);
    const { hosts, assignAllTeamMembers, ...fields } = changes;
    const hostRoles = await this.hostRolesOf(address.teamId, { hosts, assignAllTeamMembers });
    if (fields.scheduleId != null) await this.eventTypes.checkSchedule(fields.scheduleId, (await this.teams.roster(address.teamId))?.acceptedMemberIds ?? []);
    applyChanges(eventType, fields);
    refuseSeatedCollective(eventType.schedulingType, eventType.seats != null);
    if (eventType.seats != null) refuseSeatedMandatory(eventType.schedulingType, true, hostRoles ?? (await this.eventTypes.hostsOf([id])));
    if (assignAllTeamMembers != null) eventType.assignAllTeamMembers = assignAllTeamMembers;
    if (hosts != null && assignAllTeamMembers == null) eventType.assignAllTeamMembers = false;
    try {
      return await this.db.transaction(async (tx) => {
        const saved = await tx.save(eventType);
        if (hostRoles) await this.eventTypes.setHosts(tx, id, hostRoles);
        if (saved.schedulingType === 'managed') {
          const members = hostRoles?.map((h) => h.userId) ?? (await tx.find(EventTypeHost, { where: { eventTypeId: id } })).map((h) => h.userId);
          await syncManagedChildren(tx, saved, members);
        }
        return saved;
      });
    } catch (error) {
      throw slugConflict(error, changes.slug, 'team');
    }
  }

  /** Conferencing apps named by locations must be the built-in one or connected to the team (team-conferencing.ts). */
  private async checkLocations(teamId: number, locations: NewTeamEventType['locations'], conferencing: TeamConferencing): Promise<void> {
    if (!locations?.some((location) => location.type === 'integration')) return;
    const roster = await this.teams.roster(teamId);
    await checkTeamConferencing({ teamId, orgId: roster?.parentId ?? null }, locations, conferencing);
  }

  /** Every team event type of the organization's teams (GET /v2/organizations/{orgId}/teams/event-types). */
  async listOfOrganization(orgId: number, page: PageArgs): Promise<[EventType[], number]> {
    const roster = await this.teams.roster(orgId);
    if (!roster || !roster.isOrganization) throw notFound('Organization', orgId);
    const teamIds = roster.teamIds ?? [];
    if (!teamIds.length) return [[], 0];
    const { take, skip } = pageWindow(page);
    return this.db.getRepository(EventType).findAndCount({ where: { teamId: In(teamIds) }, order: { id: 'ASC' }, take, skip });
  }

  /** Deletes the event type (with its hosts, private links and, when managed, its members' copies) and answers it as it was. */
  async delete(address: TeamAddress, id: number): Promise<EventType> {
    const eventType = await this.get(address, id);
    await this.eventTypes.remove(eventType);
    return eventType;
  }

  /**
   * The hosts a write asks for, with their roles, checked against the team's accepted members; undefined when
   * the write leaves the hosts alone. `assignAllTeamMembers: true` takes the members of the moment (optional, medium).
   */
  async hostRolesOf(teamId: number, choice: HostChoice): Promise<HostRole[] | undefined> {
    const all = choice.assignAllTeamMembers === true;
    if (all && choice.hosts?.length) throw badInput('hosts', 'send either hosts or assignAllTeamMembers: true, not both');
    if (!all && choice.hosts == null) return undefined;
    const roster = await this.teams.roster(teamId);
    if (!roster || roster.isOrganization) throw notFound('Team', teamId);
    if (all) return hostRolesOf(roster.acceptedMemberIds.map((userId) => ({ userId })));
    const members = new Set(roster.acceptedMemberIds);
    for (const { userId } of choice.hosts!) {
      if (!members.has(userId)) throw badInput('hosts', `user ${userId} is not an accepted member of team ${teamId}`);
    }
    return hostRolesOf(choice.hosts!);
  }
}

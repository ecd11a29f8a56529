import { DataSource } from 'typeorm';
import { notFound } from '../platform/errors';
import { ApiKeyService } from '../subgraphs/oauth/api-key/api-key.service';
import { mailerFromEnvironment } from '../platform/mailer';
import { OAuthClientDecision, OAuthClientReviewService } from '../subgraphs/oauth/oauth-client/oauth-client-review.service';
import { NewOAuthClient, OAuthClientService } from '../subgraphs/oauth/oauth-client/oauth-client.service';
import { notifyOwner } from '../subgraphs/oauth/oauth-client/review-notice';
import { NewRole, RoleService } from '../subgraphs/organizations/role/role.service';
import { MembershipRole } from '../subgraphs/organizations/team/membership.entity';
import { MembershipService } from '../subgraphs/organizations/membership/membership.service';
import { CreditOwner, CreditService } from '../subgraphs/organizations/credit/credit.service';
import { TeamService } from '../subgraphs/organizations/team/team.service';
import { membershipsOfTeams } from '../subgraphs/organizations/team/team.loaders';
import { User } from '../subgraphs/organizations/user/user.entity';
import { NewUser, UserService } from '../subgraphs/organizations/user/user.service';
import { BookingService, NewBooking } from '../subgraphs/scheduling/booking/booking.service';
import { BookingFieldService } from '../subgraphs/scheduling/event-type/booking-field.service';
import { EventTypeService, NewEventType } from '../subgraphs/scheduling/event-type/event-type.service';
import { TeamEventTypeService } from '../subgraphs/scheduling/event-type/team-event-type.service';
import type { HostSpec } from '../subgraphs/scheduling/event-type/host-roles';
import { TeamConferencing } from '../subgraphs/scheduling/event-type/team-conferencing';
import { ConferencingService } from '../subgraphs/integrations/conferencing/conferencing.service';
import { TeamDirectory } from '../subgraphs/scheduling/team/team-directory';
import { NewSchedule, ScheduleService } from '../subgraphs/scheduling/schedule/schedule.service';

/**
 * What an operator does outside the API (the admin CLI, the seed, test fixtures): each step runs
 * the owning subgraph's own service on that subgraph's DataSource, with its rules.
 */
export class Operator {
  constructor(private readonly db: (subgraph: string) => DataSource) {}

  createUser(input: NewUser) {
    return new UserService(this.db('organizations')).create(input);
  }

  createOrganization(input: { name: string; slug?: string; ownerId?: number | null }) {
    return new TeamService(this.db('organizations')).create({ ...input, isOrganization: true });
  }

  createTeam(input: { name: string; slug?: string; orgId?: number | null; ownerId?: number | null }) {
    return new TeamService(this.db('organizations')).create({ name: input.name, slug: input.slug, parentId: input.orgId, ownerId: input.ownerId });
  }

  addMember(input: { teamId: number; userId: number; role: MembershipRole }) {
    return new MembershipService(this.db('organizations')).add(input);
  }

  /** Adds credits to a user's or a team's balance (there is no purchase flow yet). */
  grantCredits(owner: CreditOwner, credits: number, note?: string) {
    return new CreditService(this.db('organizations')).grant(owner, credits, note);
  }

  /** A new API key for an existing user: the key itself is only in the answer. */
  async createApiKey(userId: number, note?: string) {
    if (!(await this.db('organizations').getRepository(User).existsBy({ id: userId }))) throw notFound('User', userId);
    return new ApiKeyService(this.db('oauth')).create(userId, { note });
  }

  /** An OAuth client registered for the user (PENDING); a confidential client's secret is only in the answer. */
  async registerOAuthClient(ownerId: number, input: NewOAuthClient) {
    await this.getUser(ownerId);
    return new OAuthClientService(this.db('oauth')).register(ownerId, input);
  }

  /**
   * Approves or rejects a pending OAuth client as the review page and mutation do, and e-mails the
   * owner (SMTP settings from the environment); the owner's address comes from the organizations
   * subgraph's own service. Answers the client and the address notified (null when the mail failed).
   */
  async reviewOAuthClient(clientId: string, decision: OAuthClientDecision) {
    const client = await new OAuthClientReviewService(this.db('oauth')).review(clientId, decision, null);
    const lookup = async (id: number) => {
      const user = await this.getUser(id);
      return { email: user.email, name: user.name };
    };
    return { client, notified: await notifyOwner(client, lookup, mailerFromEnvironment()) };
  }

  /** A personal or team event type; a team event type's `hostIds` (or `hosts` with their roles, or `assignAllTeamMembers`) must be accepted members of the team. */
  createEventType(input: Omit<NewEventType, 'hosts'> & { hostIds?: number[]; hosts?: HostSpec[] }) {
    const { teamId, hostIds, hosts, assignAllTeamMembers, ownerId: _ownerId, ...eventType } = input;
    const chosen = hosts ?? hostIds?.map((userId) => ({ userId }));
    if (teamId == null || (!chosen?.length && !assignAllTeamMembers))
      return new EventTypeService(this.db('scheduling')).create({ ...eventType, teamId, assignAllTeamMembers, ownerId: input.ownerId });
    const teamEventTypes = new TeamEventTypeService(this.db('scheduling'), this.teamDirectory());
    return teamEventTypes.create({ teamId }, { ...eventType, hosts: chosen, assignAllTeamMembers }, this.teamConferencing());
  }

  /** A team's connected conferencing apps, read through the integrations subgraph's own service. */
  private teamConferencing(): TeamConferencing {
    const integrations = this.db('integrations');
    return { locationTypes: (teamId) => new ConferencingService(integrations).connectedLocationTypes({ teamId }) };
  }

  /** What a workflow does to the booking form: adds the read-only SMS reminder or AI agent phone field. */
  addWorkflowBookingField(eventTypeId: number, slug: 'smsReminderNumber' | 'aiAgentCallPhoneNumber') {
    return new BookingFieldService(this.db('scheduling'), this.teamDirectory()).addWorkflowField(eventTypeId, slug);
  }

  /** Teams and their accepted members, read through the organizations subgraph's own services. */
  private teamDirectory(): TeamDirectory {
    const organizations = this.db('organizations');
    return {
      async roster(teamId) {
        const team = (await new TeamService(organizations).findByIds([teamId]))[0];
        if (!team) return null;
        const members = await membershipsOfTeams(organizations, [teamId]);
        return {
          teamId,
          isOrganization: team.isOrganization,
          parentId: team.parentId,
          acceptedMemberIds: members.filter((m) => m.accepted).map((m) => m.userId),
        };
      },
    };
  }

  createSchedule(input: NewSchedule) {
    return new ScheduleService(this.db('scheduling')).create(input);
  }

  createBooking(input: NewBooking) {
    return new BookingService(this.db('scheduling')).create(input);
  }

  /** An existing user, or NOT_FOUND: for checks before a step that takes a user id. */
  getUser(id: number) {
    return new UserService(this.db('organizations')).get(id);
  }

  /** An existing team or organization (one table), or NOT_FOUND. */
  getTeam(id: number) {
    return new TeamService(this.db('organizations')).get(id);
  }

  /** A custom organization role with `resource.action` permissions. */
  createRole(input: NewRole) {
    return new RoleService(this.db('organizations')).create(input);
  }

  /** Gives a membership a custom role (null: back to what its membership role grants). */
  assignRole(membershipId: number, roleId: string | null) {
    return new RoleService(this.db('organizations')).assign(membershipId, roleId);
  }
}

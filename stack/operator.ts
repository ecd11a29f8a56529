import { DataSource } from 'typeorm';
import { notFound } from '../subgraphs/kit/errors';
import { ApiKeyService } from '../subgraphs/oauth/api-key/api-key.service';
import { MembershipRole } from '../subgraphs/organizations/membership/membership.entity';
import { MembershipService } from '../subgraphs/organizations/membership/membership.service';
import { TeamService } from '../subgraphs/organizations/team/team.service';
import { User } from '../subgraphs/organizations/user/user.entity';
import { NewUser, UserService } from '../subgraphs/organizations/user/user.service';
import { BookingService, NewBooking } from '../subgraphs/scheduling/booking/booking.service';
import { EventTypeService, NewEventType } from '../subgraphs/scheduling/event-type/event-type.service';
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

  /** A new API key for an existing user: the key itself is only in the answer. */
  async createApiKey(userId: number, note?: string) {
    if (!(await this.db('organizations').getRepository(User).existsBy({ id: userId }))) throw notFound('User', userId);
    return new ApiKeyService(this.db('oauth')).create(userId, { note });
  }

  createEventType(input: NewEventType) {
    return new EventTypeService(this.db('scheduling')).create(input);
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
}

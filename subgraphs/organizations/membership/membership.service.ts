import { DataSource, In } from 'typeorm';
import { badInput, conflict, isConstraintViolation, notFound } from '../../kit/errors';
import { PageArgs, pageWindow } from '../../kit/pagination';
import { Team } from '../team/team.entity';
import { TeamService } from '../team/team.service';
import { User } from '../user/user.entity';
import { Membership, MembershipRole } from './membership.entity';

export class MembershipService {
  constructor(private readonly db: DataSource) {}

  private get memberships() {
    return this.db.getRepository(Membership);
  }

  async add(input: { teamId: number; userId: number; role: MembershipRole; accepted?: boolean }): Promise<Membership> {
    if (!Object.values(MembershipRole).includes(input.role)) throw badInput('role', 'must be MEMBER, ADMIN or OWNER');
    if (!(await this.db.getRepository(Team).existsBy({ id: input.teamId }))) throw notFound('Team', input.teamId);
    if (!(await this.db.getRepository(User).existsBy({ id: input.userId }))) throw notFound('User', input.userId);
    try {
      return await this.memberships.save(this.memberships.create({ ...input, accepted: input.accepted ?? true }));
    } catch (error) {
      if (isConstraintViolation(error)) throw conflict(`User ${input.userId} is already a member of team ${input.teamId}`);
      throw error;
    }
  }

  async listForTeam(teamId: number, orgId: number | null, page: PageArgs): Promise<[Membership[], number]> {
    await new TeamService(this.db).getInOrganization(teamId, orgId);
    const { take, skip } = pageWindow(page);
    return this.memberships.findAndCount({ where: { teamId }, order: { id: 'ASC' }, take, skip });
  }

  /** Deletes the membership and answers it as it was. */
  async remove(teamId: number, membershipId: number, orgId: number | null): Promise<Membership> {
    await new TeamService(this.db).getInOrganization(teamId, orgId);
    return this.db.transaction(async (tx) => {
      const membership = await tx.findOne(Membership, { where: { id: membershipId, teamId }, lock: { mode: 'pessimistic_write' } });
      if (!membership) throw notFound('Membership', membershipId);
      await tx.delete(Membership, { id: membershipId });
      return membership;
    });
  }

  forTeams(teamIds: readonly number[]): Promise<Membership[]> {
    return this.memberships.find({ where: { teamId: In([...teamIds]) }, order: { id: 'ASC' } });
  }

  forUsers(userIds: readonly number[]): Promise<Membership[]> {
    return this.memberships.find({ where: { userId: In([...userIds]) }, order: { id: 'ASC' } });
  }
}

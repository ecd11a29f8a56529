import { DataSource, In } from 'typeorm';
import { badInput, conflict, isConstraintViolation, notFound } from '../../kit/errors';
import { PageArgs, pageWindow } from '../../kit/pagination';
import { Membership, MembershipRole } from '../membership/membership.entity';
import { Team } from './team.entity';

export interface NewTeam {
  name: string;
  slug?: string;
  bio?: string | null;
  timeZone?: string;
  /** Organization the team belongs to. */
  parentId?: number | null;
  isOrganization?: boolean;
  /** User who becomes OWNER. */
  ownerId?: number | null;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function slugify(text: string): string {
  return text.toLowerCase().trim().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

export class TeamService {
  constructor(private readonly db: DataSource) {}

  async create(input: NewTeam): Promise<Team> {
    if (!input.name?.trim()) throw badInput('name', 'must not be empty');
    const slug = input.slug ?? slugify(input.name);
    if (!SLUG.test(slug)) throw badInput('slug', 'must be lowercase letters, digits and single hyphens');
    return this.db.transaction(async (tx) => {
      if (input.parentId != null) {
        const org = await tx.findOneBy(Team, { id: input.parentId });
        if (!org?.isOrganization) throw notFound('Organization', input.parentId);
      }
      let team: Team;
      try {
        team = await tx.save(
          tx.create(Team, {
            name: input.name.trim(),
            slug,
            bio: input.bio ?? null,
            timeZone: input.timeZone ?? 'Europe/London',
            parentId: input.parentId ?? null,
            isOrganization: input.isOrganization ?? false,
          }),
        );
      } catch (error) {
        if (isConstraintViolation(error)) throw conflict(`The slug "${slug}" is already taken`);
        throw error;
      }
      if (input.ownerId != null) {
        await tx.save(tx.create(Membership, { teamId: team.id, userId: input.ownerId, role: MembershipRole.OWNER, accepted: true }));
      }
      return team;
    });
  }

  async get(id: number): Promise<Team> {
    const team = await this.db.getRepository(Team).findOneBy({ id });
    if (!team) throw notFound('Team', id);
    return team;
  }

  /** The team, checked to belong to the organization when one is named in the path. */
  async getInOrganization(teamId: number, orgId: number | null | undefined): Promise<Team> {
    const team = await this.get(teamId);
    if (team.isOrganization || (orgId != null && team.parentId !== orgId)) throw notFound('Team', teamId);
    return team;
  }

  findByIds(ids: readonly number[]): Promise<Team[]> {
    return this.db.getRepository(Team).findBy({ id: In([...ids]) });
  }

  /** Teams (not organizations) the user is an accepted member of. */
  async listForUser(userId: number, page: PageArgs): Promise<[Team[], number]> {
    const { take, skip } = pageWindow(page);
    return this.db
      .getRepository(Team)
      .createQueryBuilder('team')
      .innerJoin(Membership, 'm', 'm.team_id = team.id AND m.user_id = :userId AND m.accepted', { userId })
      .where('NOT team.is_organization')
      .orderBy('team.id')
      .take(take)
      .skip(skip)
      .getManyAndCount();
  }

  teamsOfOrganizations(orgIds: readonly number[]): Promise<Team[]> {
    return this.db.getRepository(Team).find({ where: { parentId: In([...orgIds]) }, order: { id: 'ASC' } });
  }
}

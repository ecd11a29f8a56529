import { leanFindBy } from '../../../platform/lean-reads';
import { DataSource, EntityManager, In } from 'typeorm';
import { badInput, conflict, isConstraintViolation, notFound } from '../../../platform/errors';
import { PageArgs, pageWindow } from '../../../platform/pagination';
import { Membership, MembershipRole } from './membership.entity';
import { isIanaTimeZone } from '../../../platform/time-zones';
import { KeyedWriteReference, recordKeyedWrite } from '../../../platform/keyed-writes';
import { Team } from './team.entity';
import { UpdateTeamInput } from './team.inputs';

export interface NewTeam extends Omit<UpdateTeamInput, 'name' | 'slug' | 'bio' | 'timeZone'> {
  name: string;
  slug?: string;
  bio?: string | null;
  timeZone?: string;
  /** Organization the team belongs to. */
  parentId?: number | null;
  isOrganization?: boolean;
  /** User who becomes OWNER. */
  ownerId?: number | null;
  /** Whether the owner's membership starts accepted (default true). */
  ownerAccepted?: boolean;
}

/** The profile fields of an update or create that were sent (undefined ones are left alone). */
function profileOf(input: UpdateTeamInput): Partial<Team> {
  const fields = [
    'logoUrl',
    'bannerUrl',
    'hideBranding',
    'isPrivate',
    'hideBookATeamMember',
    'metadata',
    'theme',
    'brandColor',
    'darkBrandColor',
    'timeFormat',
    'weekStart',
  ] as const;
  const notNull = new Set<string>(['hideBranding', 'isPrivate', 'hideBookATeamMember', 'metadata', 'weekStart']);
  return Object.fromEntries(fields.filter((f) => input[f] !== undefined && !(input[f] === null && notNull.has(f))).map((f) => [f, input[f]])) as Partial<Team>;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export class TeamService {
  constructor(private readonly db: DataSource) {}

  /**
   * `alsoIn`: the rest of a larger write made in the team's transaction (a managed organization's API user), which
   * answers what a keyed write records (by default the team's id).
   */
  async create(
    input: NewTeam,
    alsoIn?: (tx: EntityManager, team: Team) => Promise<KeyedWriteReference>,
    slugTaken: (slug: string) => string = (slug) => `The slug "${slug}" is already taken`,
  ): Promise<Team> {
    if (!input.name?.trim()) throw badInput('name', 'must not be empty');
    if (input.timeZone != null && !isIanaTimeZone(input.timeZone)) throw badInput('timeZone', `"${input.timeZone}" is not an IANA time zone`);
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
            ...profileOf(input),
          }),
        );
      } catch (error) {
        if (isConstraintViolation(error)) throw conflict(slugTaken(slug));
        throw error;
      }
      if (input.ownerId != null) {
        await tx.save(tx.create(Membership, { teamId: team.id, userId: input.ownerId, role: MembershipRole.OWNER, accepted: input.ownerAccepted ?? true }));
      }
      // With the record of a keyed creation (Idempotency-Key) in the same transaction: sent again, it answers this team.
      await recordKeyedWrite(tx, alsoIn ? await alsoIn(tx, team) : { teamId: team.id });
      return team;
    });
  }

  /** The team a keyed creation made before (create's record): its answer again. */
  recalled(reference: KeyedWriteReference): Promise<Team> {
    return this.get(reference.teamId as number);
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

  /** Applies the fields sent; a slug another team of the same parent has is a 409. */
  async update(team: Team, changes: UpdateTeamInput): Promise<Team> {
    if (changes.name != null && !changes.name.trim()) throw badInput('name', 'must not be empty');
    if (changes.timeZone != null && !isIanaTimeZone(changes.timeZone)) throw badInput('timeZone', `"${changes.timeZone}" is not an IANA time zone`);
    Object.assign(team, profileOf(changes));
    if (changes.name != null) team.name = changes.name.trim();
    if (changes.slug != null) team.slug = changes.slug;
    if (changes.bio !== undefined) team.bio = changes.bio ?? null;
    if (changes.timeZone != null) team.timeZone = changes.timeZone;
    try {
      return await this.db.getRepository(Team).save(team);
    } catch (error) {
      if (isConstraintViolation(error)) throw conflict(`The slug "${team.slug}" is already taken`);
      throw error;
    }
  }

  /** Teams of the organization; with `memberId`, only those the user is an accepted member of. */
  async listForOrganization(orgId: number, page: PageArgs, memberId?: number): Promise<[Team[], number]> {
    const { take, skip } = pageWindow(page);
    const query = this.db.getRepository(Team).createQueryBuilder('team').where('team.parent_id = :orgId', { orgId });
    if (memberId !== undefined) query.innerJoin(Membership, 'm', 'm.team_id = team.id AND m.user_id = :memberId AND m.accepted', { memberId });
    return query.orderBy('team.id').take(take).skip(skip).getManyAndCount();
  }

  /** The organization (NOT_FOUND when the id is a team or nothing). */
  async getOrganization(orgId: number): Promise<Team> {
    const org = await this.db.getRepository(Team).findOneBy({ id: orgId });
    if (!org?.isOrganization) throw notFound('Organization', orgId);
    return org;
  }

  findByIds(ids: readonly number[]): Promise<Team[]> {
    return leanFindBy(this.db, Team, 'id', ids);
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

import { DataSource } from 'typeorm';
import { Membership } from '../team/membership.entity';
import { Team } from '../team/team.entity';
import { User } from '../user/user.entity';

/**
 * Whose booking page a public address names: `username` or `teamSlug`, optionally inside the
 * organization `organizationSlug` (or, for a username, `organizationId`) (reference: GET /v2/slots, POST /v2/bookings). Usernames are unique
 * across the service, so the organization only narrows (the user must be an accepted member); team
 * slugs are unique per organization, so without one only a standalone team is meant.
 */
export class BookingPageOwnerService {
  constructor(private readonly db: DataSource) {}

  private async organizationId(slug: string): Promise<number | null> {
    const org = await this.db.getRepository(Team).createQueryBuilder('t').where('t.is_organization AND lower(t.slug) = lower(:slug)', { slug }).getOne();
    return org?.id ?? null;
  }

  /** `organizationId` names the organization by its id instead of its slug (GET /v2/event-types?orgId=). */
  async userByUsername(username: string, organizationSlug?: string | null, organizationId?: number | null): Promise<User | null> {
    const user = await this.db.getRepository(User).createQueryBuilder('u').where('lower(u.username) = lower(:username)', { username }).getOne();
    if (!user || (!organizationSlug && organizationId == null)) return user;
    const orgId = organizationSlug ? await this.organizationId(organizationSlug) : organizationId;
    if (orgId == null || (organizationSlug && organizationId != null && orgId !== organizationId)) return null;
    const member = await this.db.getRepository(Membership).existsBy({ teamId: orgId, userId: user.id, accepted: true });
    return member ? user : null;
  }

  async teamBySlug(slug: string, organizationSlug?: string | null): Promise<Team | null> {
    const orgId = organizationSlug ? await this.organizationId(organizationSlug) : null;
    if (organizationSlug && orgId == null) return null;
    const teams = await this.db
      .getRepository(Team)
      .createQueryBuilder('t')
      .where('NOT t.is_organization AND lower(t.slug) = lower(:slug)', { slug })
      .orderBy('t.id', 'ASC')
      .getMany();
    // A team of an organization is named with its organization (as the real service answers: 404 without it).
    return teams.find((t) => t.parentId === orgId) ?? null;
  }
}

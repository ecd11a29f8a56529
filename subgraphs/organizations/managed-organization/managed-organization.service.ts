import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { badInput, conflict, notFound } from '../../../platform/errors';
import { PageArgs, pageWindow } from '../../../platform/pagination';
import { forgetKeyedWrite, KeyedWriteReference } from '../../../platform/keyed-writes';
import { Membership, MembershipRole } from '../team/membership.entity';
import { Team } from '../team/team.entity';
import { TeamService } from '../team/team.service';
import { User } from '../user/user.entity';
import { UserService } from '../user/user.service';
import { CreateManagedOrganizationInput, UpdateManagedOrganizationInput } from './managed-organization.inputs';

const DAY = 86_400_000;

const keyNote = (organizationId: number, managerId: number) => `Managed organization ${organizationId} of ${managerId}`;
const MAX_KEY_DAYS = 3_650;
/** The reference's message for a slug another organization or team has (its e2e spec asserts it). */
const slugTaken = (slug: string) =>
  `Organization with slug '${slug}' already exists. Please, either provide a different slug or change name so that the automatically generated slug is different.`;
/** The reference's default page size of this list (its `take` defaults to 250, not the API's 100). */
export const MANAGED_ORGANIZATIONS_TAKE = 250;

export interface ManagedOrganizationFilter {
  slug?: string | null;
  metadataKey?: string | null;
  metadataValue?: string | null;
}

/** Hands out an API key for a user (the oauth subgraph owns keys); answers the key itself. */
export type IssueApiKey = (userId: number, expiresAt: Date | null, note: string) => Promise<string>;

export class ManagedOrganizationService {
  constructor(private readonly db: DataSource) {}

  /** The managed organization, when `managerId` manages it; NOT_FOUND otherwise (whoever else manages it). */
  async get(managerId: number, organizationId: number): Promise<Team> {
    const [row] = await this.db.query('SELECT 1 FROM managed_organizations WHERE manager_id = $1 AND organization_id = $2', [managerId, organizationId]);
    const org = row ? await this.db.getRepository(Team).findOneBy({ id: organizationId }) : null;
    if (!org) throw notFound('Managed organization', organizationId);
    return org;
  }

  async list(managerId: number, page: PageArgs, filter: ManagedOrganizationFilter): Promise<[Team[], number]> {
    await new TeamService(this.db).getOrganization(managerId);
    if ((filter.metadataKey == null) !== (filter.metadataValue == null)) {
      throw badInput(filter.metadataKey == null ? 'metadataKey' : 'metadataValue', 'metadataKey and metadataValue go together');
    }
    const query = this.db
      .getRepository(Team)
      .createQueryBuilder('t')
      .innerJoin('managed_organizations', 'mo', 'mo.organization_id = t.id AND mo.manager_id = :managerId', { managerId });
    if (filter.slug != null) query.andWhere('t.slug = :slug', { slug: filter.slug });
    if (filter.metadataKey != null)
      query.andWhere('t.metadata ->> :metadataKey = :metadataValue', { metadataKey: filter.metadataKey, metadataValue: filter.metadataValue });
    return query.orderBy('t.id').take(pageWindow(page).take).skip(pageWindow(page).skip).getManyAndCount();
  }

  /**
   * The organization, its API user (its OWNER, an account without password) and the link to the manager, in one
   * transaction with the record of a keyed write (Idempotency-Key); then the API user's key. The key acts as that
   * user, so only inside the new organization. When no key could be issued, the organization and its user are deleted
   * with the record, and the same request sent again makes them again.
   */
  async create(
    managerId: number,
    input: CreateManagedOrganizationInput,
    issueApiKey: IssueApiKey,
  ): Promise<{ org: Team; apiKey: string; expiresAt: Date | null }> {
    const manager = await new TeamService(this.db).getOrganization(managerId);
    const days = input.apiKeyDaysValid ?? 30;
    if (!Number.isInteger(days) || days < 1 || days > MAX_KEY_DAYS)
      throw badInput('apiKeyDaysValid', `must be a whole number of days from 1 to ${MAX_KEY_DAYS}`);
    const expiresAt = input.apiKeyNeverExpires ? null : new Date(Date.now() + days * DAY);
    let apiUserId = 0;
    const newOrganization = { name: input.name, slug: input.slug, metadata: input.metadata, isOrganization: true };
    const org = await new TeamService(this.db).create(
      newOrganization,
      async (tx, created) => {
        const tag = randomBytes(6).toString('hex');
        const apiUser = await new UserService(tx).create({
          email: `managed-org-${created.id}-${tag}@managed.invalid`,
          username: `managed-org-${created.id}-${tag}`,
          name: `${created.name} API`,
          timeZone: 'UTC',
        });
        apiUserId = apiUser.id;
        await tx.save(tx.create(Membership, { teamId: created.id, userId: apiUserId, role: MembershipRole.OWNER, accepted: true }));
        await tx.query('INSERT INTO managed_organizations (organization_id, manager_id, api_user_id) VALUES ($1, $2, $3)', [created.id, manager.id, apiUserId]);
        return { organizationId: created.id, apiUserId, apiKeyExpiresAt: expiresAt?.toISOString() ?? null };
      },
      slugTaken,
    );
    try {
      return { org, apiKey: await issueApiKey(apiUserId, expiresAt, keyNote(org.id, manager.id)), expiresAt };
    } catch (error) {
      await this.db.transaction(async (tx) => {
        await tx.delete(Team, { id: org.id });
        await tx.delete(User, { id: apiUserId });
        await forgetKeyedWrite(tx);
      });
      throw error;
    }
  }

  /**
   * The organization a keyed creation made before (create's record), as it is now (deleted since: NOT_FOUND), with its
   * API key: the same call made again, whose own keyed write answers the key it made (or makes it, when the first run
   * ended before it was made).
   */
  async recalled(managerId: number, reference: KeyedWriteReference, issueApiKey: IssueApiKey): Promise<{ org: Team; apiKey: string; expiresAt: Date | null }> {
    const org = await this.get(managerId, reference.organizationId as number);
    const expiresAt = reference.apiKeyExpiresAt == null ? null : new Date(reference.apiKeyExpiresAt as string);
    return { org, apiKey: await issueApiKey(reference.apiUserId as number, expiresAt, keyNote(org.id, managerId)), expiresAt };
  }

  async update(managerId: number, organizationId: number, input: UpdateManagedOrganizationInput): Promise<Team> {
    const org = await this.get(managerId, organizationId);
    if (input.name !== undefined) {
      if (!input.name?.trim()) throw badInput('name', 'must not be empty');
      org.name = input.name.trim();
    }
    if (input.metadata !== undefined) {
      if (input.metadata === null) throw badInput('metadata', 'must be an object');
      org.metadata = input.metadata;
    }
    return this.db.getRepository(Team).save(org);
  }

  /** Deletes the organization and its API user (so its keys stop working); answers it as it was. */
  async remove(managerId: number, organizationId: number): Promise<{ org: Team; apiUserId: number | null }> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query('SELECT api_user_id FROM managed_organizations WHERE manager_id = $1 AND organization_id = $2 FOR UPDATE', [
        managerId,
        organizationId,
      ]);
      const org = row ? await tx.findOneBy(Team, { id: organizationId }) : null;
      if (!org) throw notFound('Managed organization', organizationId);
      // Teams take their event types (another subgraph) with them through the team deletion flow: delete them first.
      if (await tx.existsBy(Team, { parentId: organizationId })) throw conflict('The managed organization still has teams: delete them first');
      await tx.delete(Team, { id: organizationId });
      if (row.api_user_id != null) await tx.delete(User, { id: row.api_user_id });
      return { org, apiUserId: row.api_user_id };
    });
  }
}

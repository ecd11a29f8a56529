import { SubgraphContext } from '../../../platform/context';
import { badInput, conflict, isConstraintViolation, notFound } from '../../../platform/errors';
import { conflictOfCall, forgetKeyedWrite, KeyedWriteReference, recordKeyedWrite, writeKeyForCall } from '../../../platform/keyed-writes';
import { Membership, MembershipRole } from '../team/membership.entity';
import { profileChanges, UpdateMeInput } from '../user/update-me';
import { User } from '../user/user.entity';
import { UserService } from '../user/user.service';
import { CreatedManagedUser, CreateManagedUserInput, ManagedUser, ManagedUserKeys } from './managed-user.type';
import {
  IssueManagedUserTokensDocument,
  MakeDefaultScheduleDocument,
  ManagedUsersClientDocument,
  ManagedUsersDefaultSchedulesDocument,
  MoveDefaultScheduleTimeZoneDocument,
  RevokeManagedUserTokensDocument,
  SetUpManagedUserDocument,
} from '../contracts/generated';
import { EMAIL_ADDRESS } from '../../../platform/email-address';

export const DEFAULT_MANAGED_USER_TIME_ZONE = 'Europe/London';
export const MAX_MANAGED_USERS_PAGE = 250;

/** `alice@example.com` → `alice+<clientId>@example.com` (the reference's managed user e-mails); already so: unchanged. */
export function managedEmail(email: unknown, clientId: string): string {
  const text = typeof email === 'string' ? email.trim().toLowerCase() : '';
  if (!EMAIL_ADDRESS.test(text)) throw badInput('email', 'email must be an e-mail address');
  const at = text.lastIndexOf('@');
  const local = text.slice(0, at);
  const suffix = `+${clientId.toLowerCase()}`;
  const address = local.endsWith(suffix) ? text : `${local}${suffix}${text.slice(at)}`;
  if (address.length > 254) throw badInput('email', 'email is too long once the client id is added to it');
  return address;
}

export interface ManagedUsersFilter {
  limit?: number | null;
  offset?: number | null;
  emails?: string[] | null;
}

/**
 * Managed users of a platform OAuth client (reference "Platform / Managed Users"): users this service
 * created for the client, members of the client's organization (when it has one). Their tokens are the
 * oauth subgraph's, asked for through the supergraph. A user of another client is NOT_FOUND.
 */
export class ManagedUserService {
  constructor(private readonly ctx: SubgraphContext) {}

  private get users() {
    return this.ctx.db.getRepository(User);
  }

  async list(clientId: string, filter: ManagedUsersFilter): Promise<ManagedUser[]> {
    const limit = filter.limit ?? 100;
    const offset = filter.offset ?? 0;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_MANAGED_USERS_PAGE) throw badInput('limit', `limit must be 1 to ${MAX_MANAGED_USERS_PAGE}`);
    if (!Number.isInteger(offset) || offset < 0) throw badInput('offset', 'offset must be 0 or more');
    const query = this.users.createQueryBuilder('u').where('u.platform_oauth_client_id = :clientId', { clientId });
    if (filter.emails?.length) {
      const wanted = filter.emails.flatMap((e) => {
        const plain = typeof e === 'string' ? e.trim().toLowerCase() : '';
        if (!EMAIL_ADDRESS.test(plain)) throw badInput('emails', `Invalid email ${e}`);
        return [plain, managedEmail(plain, clientId)];
      });
      query.andWhere('lower(u.email) IN (:...wanted)', { wanted });
    }
    const users = await query.orderBy('u.id').take(limit).skip(offset).getMany();
    return this.withDefaultSchedules(users);
  }

  async get(clientId: string, userId: number): Promise<ManagedUser> {
    const [user] = await this.withDefaultSchedules([await this.find(clientId, userId)]);
    return user;
  }

  /**
   * The user and a membership of the client's organization, in one transaction with the record of a keyed write
   * (Idempotency-Key); then its default schedule (when `timeZone` is given) and default event types (when the client
   * enables them), the scheduling subgraph's; then the tokens. A user whose set-up or tokens failed is removed again
   * with the record. An e-mail this client's user has already is a 409 naming that user (the reference's message).
   */
  async create(clientId: string, input: CreateManagedUserInput): Promise<CreatedManagedUser> {
    const email = managedEmail(input.email, clientId);
    const { timeZone, ...preferences } = input;
    const changes = profileChanges({
      ...preferences,
      email: undefined,
      name: input.name,
      timeZone: timeZone ?? DEFAULT_MANAGED_USER_TIME_ZONE,
    } as UpdateMeInput);
    const { platformOAuthClientById: client } = await this.ctx.graph.call(ManagedUsersClientDocument, { clientId });
    if (!client) throw notFound('OAuthClient', clientId);
    const existing = await this.users.findOneBy({ email, platformOAuthClientId: clientId });
    if (existing) throw conflict(`User with the provided e-mail already exists. Existing user ID=${existing.id}`);
    const user = await this.ctx.db.transaction(async (tx) => {
      const created = await new UserService(tx).create({ email, name: changes.name ?? input.name, timeZone: changes.timeZone! });
      const saved = await tx.save(Object.assign(created, changes, { platformOAuthClientId: clientId }));
      if (client.organizationId != null) {
        await tx.save(tx.create(Membership, { teamId: client.organizationId, userId: saved.id, role: MembershipRole.MEMBER, accepted: true }));
        await tx.query('INSERT INTO organization_user_accounts (user_id, organization_id) VALUES ($1, $2)', [saved.id, client.organizationId]);
      }
      await recordKeyedWrite(tx, { userId: saved.id });
      return saved;
    });
    try {
      const { setUpManagedUser: defaultScheduleId } = await this.ctx.graph.call(SetUpManagedUserDocument, {
        userId: user.id,
        timeZone: timeZone ?? null,
        defaultEventTypes: client.areDefaultEventTypesEnabled,
      });
      const keys = await this.issueTokens(clientId, user.id);
      return Object.assign(new CreatedManagedUser(), keys, { user: ManagedUser.of(user, defaultScheduleId ?? null) });
    } catch (error) {
      await this.ctx.db.transaction(async (tx) => {
        await tx.delete(User, { id: user.id });
        await forgetKeyedWrite(tx);
      });
      throw error;
    }
  }

  /**
   * The user a keyed creation made before (create's record), as it is now (deleted since: NOT_FOUND), with its tokens:
   * the same call made again, whose own keyed write answers the pair it issued (or issues it, when the first run ended
   * before it was issued).
   */
  async recalled(clientId: string, reference: KeyedWriteReference): Promise<CreatedManagedUser> {
    const user = await this.get(clientId, reference.userId as number);
    return Object.assign(new CreatedManagedUser(), await this.issueTokens(clientId, user.id), { user });
  }

  /** PATCH /v2/me's rules; a new time zone moves the default schedule to it too (as PATCH /v2/me does). */
  async update(clientId: string, userId: number, input: UpdateMeInput): Promise<ManagedUser> {
    const user = await this.find(clientId, userId);
    const changes = profileChanges({ ...input, email: input.email == null ? input.email : managedEmail(input.email, clientId) });
    if (input.defaultScheduleId != null) {
      const { makeDefaultScheduleOf } = await this.ctx.graph.call(MakeDefaultScheduleDocument, {
        userId,
        scheduleId: input.defaultScheduleId,
      });
      if (!makeDefaultScheduleOf)
        throw badInput('defaultScheduleId', `defaultScheduleId: schedule ${input.defaultScheduleId} is not one of the user's schedules`);
    }
    let saved: User;
    try {
      saved = await this.users.save(Object.assign(user, changes));
    } catch (error) {
      if (isConstraintViolation(error, 'unique')) throw conflict(`email: ${changes.email} belongs to another user`);
      throw error;
    }
    if (changes.timeZone !== undefined) await this.ctx.graph.call(MoveDefaultScheduleTimeZoneDocument, { userId, timeZone: changes.timeZone });
    return (await this.withDefaultSchedules([saved]))[0];
  }

  /** Revokes the user's tokens, then deletes the user (its memberships go with it). Answers the user as it was. */
  async delete(clientId: string, userId: number): Promise<ManagedUser> {
    const [user] = await this.withDefaultSchedules([await this.find(clientId, userId)]);
    await this.ctx.graph.call(RevokeManagedUserTokensDocument, { clientId, userId });
    await this.users.delete({ id: userId, platformOAuthClientId: clientId });
    return user;
  }

  /** New tokens for a user whose tokens were lost; the earlier ones stop working. */
  async forceRefresh(clientId: string, userId: number): Promise<ManagedUserKeys> {
    await this.find(clientId, userId);
    return this.issueTokens(clientId, userId);
  }

  /** The tokens are the oauth subgraph's: in a keyed write (Idempotency-Key), the call is keyed too, for the user. */
  private async issueTokens(clientId: string, userId: number): Promise<ManagedUserKeys> {
    const { issueManagedUserTokens } = await this.ctx.graph
      .call(IssueManagedUserTokensDocument, { clientId, userId }, { writeKey: writeKeyForCall(`user ${userId}`) })
      .catch((error: unknown) => {
        throw conflictOfCall(error, 'The tokens this Idempotency-Key issued were refreshed or revoked since: force-refresh with a new Idempotency-Key');
      });
    return Object.assign(new ManagedUserKeys(), issueManagedUserTokens);
  }

  private async find(clientId: string, userId: number): Promise<User> {
    const user = await this.users.findOneBy({ id: userId, platformOAuthClientId: clientId });
    if (!user) throw notFound(`Managed user of OAuth client ${clientId}`, userId);
    return user;
  }

  /** Default schedules are the scheduling subgraph's: one call for the whole page. */
  private async withDefaultSchedules(users: User[]): Promise<ManagedUser[]> {
    if (!users.length) return [];
    const { usersById } = await this.ctx.graph.call(ManagedUsersDefaultSchedulesDocument, {
      ids: users.map((u) => u.id),
    });
    const schedules = new Map(usersById.map((u) => [u.id, u.defaultScheduleId]));
    return users.map((u) => ManagedUser.of(u, schedules.get(u.id) ?? null));
  }
}

import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Ctx, Directive, Field, InputType, Int, Mutation, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { badInput, conflict, isConstraintViolation, unauthenticated } from '../../../platform/errors';
import { LOCALES } from '../../../platform/locales';
import { isIanaTimeZone } from '../../../platform/time-zones';
import { User } from './user.entity';
import { MakeDefaultScheduleDocument, MoveDefaultScheduleTimeZoneDocument } from '../contracts/generated';
import { EMAIL_ADDRESS } from '../../../platform/email-address';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

@InputType({ description: 'Body of PATCH /v2/me (reference: UpdateManagedUserInput). Omitted fields keep their value.' })
export class UpdateMeInput {
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => Int, { nullable: true, description: '12 or 24.' }) timeFormat?: number | null;
  @Field(() => Int, { nullable: true, description: 'One of your schedules: it becomes the default.' }) defaultScheduleId?: number | null;
  @Field(() => String, { nullable: true, description: 'Monday … Sunday.' }) weekStart?: string | null;
  @Field(() => String, { nullable: true, description: 'IANA time zone name.' }) timeZone?: string | null;
  @Field(() => String, { nullable: true, description: 'en, de, fr, pt-BR, …' }) locale?: string | null;
  @Field(() => String, { nullable: true, description: 'URL of the avatar image; null removes it.' }) avatarUrl?: string | null;
  @Field(() => String, { nullable: true, description: 'null removes it.' }) bio?: string | null;
  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description: 'Replaces the metadata: at most 50 keys of up to 40 characters, string values up to 500 characters.',
  })
  metadata?: Record<string, unknown> | null;
}

/** The profile fields PATCH /v2/me changes, checked: a 400 naming the first field that is wrong. */
export function profileChanges(input: UpdateMeInput): Partial<User> {
  const changes: Partial<User> = {};
  for (const field of ['email', 'name', 'timeFormat', 'weekStart', 'timeZone', 'locale', 'metadata', 'defaultScheduleId'] as const) {
    if (input[field] === null) throw badInput(field, `${field} must not be null (omit it to keep the current value)`);
  }
  if (input.email !== undefined) {
    const email = input.email!.trim().toLowerCase();
    if (!EMAIL_ADDRESS.test(email) || email.length > 254) throw badInput('email', 'email must be an e-mail address');
    changes.email = email;
  }
  if (input.name !== undefined) {
    const name = input.name!.trim();
    if (!name || name.length > 200) throw badInput('name', 'name must be 1 to 200 characters');
    changes.name = name;
  }
  if (input.timeFormat !== undefined) {
    if (input.timeFormat !== 12 && input.timeFormat !== 24) throw badInput('timeFormat', 'timeFormat must be 12 or 24');
    changes.timeFormat = input.timeFormat;
  }
  if (input.weekStart !== undefined) {
    if (!WEEKDAYS.includes(input.weekStart!)) throw badInput('weekStart', `weekStart must be one of ${WEEKDAYS.join(', ')}`);
    changes.weekStart = input.weekStart!;
  }
  if (input.timeZone !== undefined) {
    if (!isIanaTimeZone(input.timeZone)) throw badInput('timeZone', `timeZone must be an IANA time zone, got ${JSON.stringify(input.timeZone)}`);
    changes.timeZone = input.timeZone!;
  }
  if (input.locale !== undefined) {
    if (!(LOCALES as readonly string[]).includes(input.locale!)) throw badInput('locale', `locale must be one of ${LOCALES.join(', ')}`);
    changes.locale = input.locale!;
  }
  if (input.avatarUrl !== undefined) {
    const url = input.avatarUrl?.trim() || null;
    if (url && !/^https?:\/\/\S+$/i.test(url)) throw badInput('avatarUrl', 'avatarUrl must be an http(s) URL');
    changes.avatarUrl = url;
  }
  if (input.bio !== undefined) {
    if (input.bio && input.bio.length > 1000) throw badInput('bio', 'bio must be at most 1000 characters');
    changes.bio = input.bio?.trim() || null;
  }
  if (input.metadata !== undefined) {
    const entries = Object.entries(input.metadata!);
    if (entries.length > 50) throw badInput('metadata', 'metadata must have at most 50 keys');
    for (const [key, value] of entries) {
      if (key.length > 40) throw badInput('metadata', `metadata keys must be at most 40 characters: "${key.slice(0, 40)}…"`);
      if (typeof value === 'string' && value.length > 500) throw badInput(`metadata.${key}`, `metadata.${key} must be at most 500 characters`);
    }
    changes.metadata = input.metadata!;
  }
  return changes;
}

/**
 * PATCH /v2/me: the caller's profile lives here; the default schedule in the scheduling subgraph, asked through the
 * supergraph. A new time zone moves the default schedule to it too, as in the reference service.
 */
@Resolver(() => User)
export class UpdateMeResolver {
  @Mutation(() => User, { description: "Changes the caller's profile and preferences; omitted fields keep their value (PATCH /v2/me)." })
  @Directive('@scopes(anyOf: [["PROFILE_WRITE"]])')
  async updateMe(@Arg('input') input: UpdateMeInput, @Ctx() ctx: SubgraphContext): Promise<User> {
    const userId = ctx.principal.userId;
    if (userId == null) throw unauthenticated();
    const changes = profileChanges(input);
    if (input.defaultScheduleId != null) {
      const { makeDefaultScheduleOf } = await ctx.graph.call(MakeDefaultScheduleDocument, {
        userId,
        scheduleId: input.defaultScheduleId,
      });
      if (!makeDefaultScheduleOf) throw badInput('defaultScheduleId', `defaultScheduleId: schedule ${input.defaultScheduleId} is not one of your schedules`);
    }
    const users = ctx.db.getRepository(User);
    const user = await users.findOneBy({ id: userId });
    if (!user) throw unauthenticated('The credential belongs to a user that no longer exists');
    let saved: User;
    try {
      saved = await users.save(Object.assign(user, changes));
    } catch (error) {
      if (isConstraintViolation(error, 'unique')) throw conflict(`email: ${changes.email} belongs to another user`);
      throw error;
    }
    if (changes.timeZone !== undefined) await ctx.graph.call(MoveDefaultScheduleTimeZoneDocument, { userId, timeZone: changes.timeZone });
    return saved;
  }
}

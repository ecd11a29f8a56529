import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { User } from '../user/user.entity';

/** A managed user of a platform OAuth client, as the reference's ManagedUserOutput shows one. */
@ObjectType({ description: 'A user created and managed by a platform OAuth client (reference ManagedUserOutput).' })
export class ManagedUser {
  @Field(() => Int) id: number;
  @Field({ description: 'The e-mail given at creation, plus-addressed with the client id (alice+<clientId>@example.com).' }) email: string;
  @Field() username: string;
  @Field() name: string;
  @Field(() => String, { nullable: true }) bio: string | null;
  @Field() timeZone: string;
  @Field() weekStart: string;
  @Field(() => Int) timeFormat: number;
  @Field(() => Int, { nullable: true, description: "The user's default schedule; null when the user has none." }) defaultScheduleId: number | null;
  @Field() locale: string;
  @Field(() => String, { nullable: true }) avatarUrl: string | null;
  @Field(() => GraphQLJSONObject) metadata: Record<string, unknown>;
  @Field({ description: 'When the user was created.' }) createdDate: Date;

  static of(user: User, defaultScheduleId: number | null): ManagedUser {
    return Object.assign(new ManagedUser(), {
      id: user.id,
      email: user.email,
      username: user.username,
      name: user.name,
      bio: user.bio,
      timeZone: user.timeZone,
      weekStart: user.weekStart,
      timeFormat: user.timeFormat,
      defaultScheduleId,
      locale: user.locale,
      avatarUrl: user.avatarUrl,
      metadata: user.metadata ?? {},
      createdDate: user.createdAt,
    });
  }
}

@ObjectType({ description: "A managed user's access and refresh tokens for its client (reference KeysDto); expiries in milliseconds since the epoch." })
export class ManagedUserKeys {
  @Field() accessToken: string;
  @Field() refreshToken: string;
  @Field(() => Float) accessTokenExpiresAt: number;
  @Field(() => Float) refreshTokenExpiresAt: number;
}

@ObjectType({ description: 'A new managed user and its tokens (reference CreateManagedUserData).' })
export class CreatedManagedUser extends ManagedUserKeys {
  @Field(() => ManagedUser) user: ManagedUser;
}

/** Body of POST /v2/oauth-clients/{clientId}/users (reference CreateManagedUserInput). */
@InputType()
export class CreateManagedUserInput {
  @Field({ description: 'Stored plus-addressed with the client id, so one address may be a managed user of several clients.' }) email: string;
  @Field({ description: 'Used in e-mails.' }) name: string;
  @Field(() => Int, { nullable: true, description: '12 or 24 (default 12).' }) timeFormat?: number | null;
  @Field(() => String, { nullable: true, description: 'Monday … Sunday (default Sunday).' }) weekStart?: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'IANA time zone (default Europe/London); given, the user gets a default schedule, Monday to Friday 09:00–17:00 in it.',
  })
  timeZone?: string | null;
  @Field(() => String, { nullable: true, description: 'en, de, pt-BR, … (default en).' }) locale?: string | null;
  @Field(() => String, { nullable: true, description: 'http(s) URL of the avatar image.' }) avatarUrl?: string | null;
  @Field(() => String, { nullable: true }) bio?: string | null;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'At most 50 keys of up to 40 characters, string values up to 500 characters.' })
  metadata?: Record<string, unknown> | null;
}

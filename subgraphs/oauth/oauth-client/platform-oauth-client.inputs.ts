import { Field, InputType, ObjectType } from 'type-graphql';

/** Body of POST /v2/oauth-clients (reference: CreateOAuthClientInput). Rules: PlatformOAuthClientService.create. */
@InputType()
export class CreatePlatformOAuthClientInput {
  @Field()
  name: string;

  @Field(() => [String], { description: '1 to 10 absolute URLs.' })
  redirectUris: string[];

  @Field(() => [String], { description: 'Scopes of spec 5.3 the client and its managed users hold; ["*"] stands for every user scope.' })
  permissions: string[];

  @Field(() => String, { nullable: true, description: 'http(s) URL of the logo.' })
  logo?: string | null;

  @Field(() => String, { nullable: true })
  bookingRedirectUri?: string | null;

  @Field(() => String, { nullable: true })
  bookingCancelRedirectUri?: string | null;

  @Field(() => String, { nullable: true })
  bookingRescheduleRedirectUri?: string | null;

  @Field({ nullable: true, defaultValue: false })
  areEmailsEnabled?: boolean;

  @Field({ nullable: true, defaultValue: false })
  areDefaultEventTypesEnabled?: boolean;

  @Field({ nullable: true, defaultValue: true })
  areCalendarEventsEnabled?: boolean;
}

/** Body of PATCH /v2/oauth-clients/{clientId} (reference: UpdateOAuthClientInput): omitted fields keep their value. */
@InputType()
export class UpdatePlatformOAuthClientInput {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => [String], { nullable: true, description: '1 to 10 absolute URLs: replaces the list.' })
  redirectUris?: string[] | null;

  @Field(() => String, { nullable: true, description: 'http(s) URL of the logo; null removes it.' })
  logo?: string | null;

  @Field(() => String, { nullable: true, description: 'null removes it.' })
  bookingRedirectUri?: string | null;

  @Field(() => String, { nullable: true, description: 'null removes it.' })
  bookingCancelRedirectUri?: string | null;

  @Field(() => String, { nullable: true, description: 'null removes it.' })
  bookingRescheduleRedirectUri?: string | null;

  @Field(() => Boolean, { nullable: true })
  areEmailsEnabled?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  areDefaultEventTypesEnabled?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  areCalendarEventsEnabled?: boolean | null;
}

@ObjectType({ description: 'A new platform OAuth client: its id and its secret, which is shown only this once.' })
export class CreatedPlatformOAuthClient {
  @Field()
  clientId: string;

  @Field()
  clientSecret: string;
}

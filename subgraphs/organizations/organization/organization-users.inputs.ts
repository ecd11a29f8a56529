import { IsOptional, MaxLength, MinLength } from 'class-validator';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, InputType } from 'type-graphql';
import { MembershipRole } from '../team/membership.entity';

@InputType({ description: "Body of POST /v2/organizations/{orgId}/users (the reference's CreateOrganizationUserInput, the fields the service keeps)." })
export class CreateOrganizationUserInput {
  @Field()
  email: string;

  @Field({ nullable: true, description: 'Defaults to the part of the e-mail before @.' })
  username?: string;

  @Field({ nullable: true, description: 'Defaults to the username.' })
  @IsOptional()
  @MinLength(1, { message: 'name must not be empty' })
  @MaxLength(100, { message: 'name must be at most 100 characters' })
  name?: string;

  @Field({ nullable: true })
  bio?: string;

  @Field({ nullable: true })
  avatarUrl?: string;

  @Field({ nullable: true, description: 'IANA time zone name (default Europe/London).' })
  timeZone?: string;

  @Field(() => GraphQLJSONObject, { nullable: true })
  metadata?: Record<string, unknown>;

  @Field({ nullable: true, description: "The theme of the user's booking pages (light, dark, …)." })
  theme?: string;

  @Field(() => MembershipRole, { nullable: true, description: 'Role in the organization (default MEMBER).' })
  organizationRole?: MembershipRole;

  @Field({ nullable: true, description: 'The organization membership starts accepted (default true).' })
  autoAccept?: boolean;
}

@InputType({ description: 'Body of PATCH /v2/organizations/{orgId}/users/{userId}: the fields sent replace the stored ones.' })
export class UpdateOrganizationUserInput {
  @Field({ nullable: true })
  email?: string;

  @Field({ nullable: true })
  username?: string;

  @Field({ nullable: true })
  @IsOptional()
  @MinLength(1, { message: 'name must not be empty' })
  @MaxLength(100, { message: 'name must be at most 100 characters' })
  name?: string;

  @Field(() => String, { nullable: true })
  bio?: string | null;

  @Field(() => String, { nullable: true })
  avatarUrl?: string | null;

  @Field({ nullable: true, description: 'IANA time zone name.' })
  timeZone?: string;

  @Field(() => GraphQLJSONObject, { nullable: true })
  metadata?: Record<string, unknown>;

  @Field(() => String, { nullable: true, description: "The theme of the user's booking pages; null: the default." })
  theme?: string | null;
}

import { IsIn, IsOptional, Matches, MaxLength, MinLength } from 'class-validator';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { PageOf } from '../../../platform/pagination';
import { Team } from './team.entity';

const SLUG_RULE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MESSAGE = 'slug must be lowercase letters, digits and single hyphens';
const COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The profile fields of the reference's `UpdateOrgTeamDto`, every one optional (PATCH merges). */
@InputType({ description: 'Body of PATCH /v2/teams/{teamId} and PATCH /v2/organizations/{orgId}/teams/{teamId}: the fields sent replace the stored ones.' })
export class UpdateTeamInput {
  @Field({ nullable: true })
  @IsOptional()
  @MinLength(1, { message: 'name must not be empty' })
  @MaxLength(100, { message: 'name must be at most 100 characters' })
  name?: string;

  @Field({ nullable: true })
  @IsOptional()
  @Matches(SLUG_RULE, { message: SLUG_MESSAGE })
  slug?: string;

  @Field(() => String, { nullable: true })
  bio?: string | null;

  @Field({ nullable: true, description: 'IANA time zone name.' })
  timeZone?: string;

  @Field(() => String, { nullable: true })
  logoUrl?: string | null;

  @Field(() => String, { nullable: true })
  bannerUrl?: string | null;

  @Field({ nullable: true })
  hideBranding?: boolean;

  @Field({ nullable: true })
  isPrivate?: boolean;

  @Field({ nullable: true })
  hideBookATeamMember?: boolean;

  @Field(() => GraphQLJSONObject, { nullable: true })
  metadata?: Record<string, unknown>;

  @Field(() => String, { nullable: true })
  theme?: string | null;

  @Field(() => String, { nullable: true, description: 'Hex colour such as #292929.' })
  @IsOptional()
  @Matches(COLOR, { message: 'brandColor must be a hex colour such as #292929' })
  brandColor?: string | null;

  @Field(() => String, { nullable: true, description: 'Hex colour such as #fafafa.' })
  @IsOptional()
  @Matches(COLOR, { message: 'darkBrandColor must be a hex colour such as #fafafa' })
  darkBrandColor?: string | null;

  @Field(() => Int, { nullable: true, description: '12 or 24.' })
  @IsOptional()
  @IsIn([12, 24], { message: 'timeFormat must be 12 or 24' })
  timeFormat?: number | null;

  @Field({ nullable: true, description: 'Sunday … Saturday.' })
  @IsOptional()
  @IsIn(WEEKDAYS, { message: `weekStart must be one of ${WEEKDAYS.join(', ')}` })
  weekStart?: string;
}

@InputType({ description: "Body of POST /v2/teams (the reference's CreateTeamInput): the caller becomes its OWNER." })
export class CreateTeamInput extends UpdateTeamInput {
  @Field()
  @MinLength(1, { message: 'name must not be empty' })
  @MaxLength(100, { message: 'name must be at most 100 characters' })
  declare name: string;

  @Field({ nullable: true, description: 'Defaults to a slug of the name.' })
  @IsOptional()
  @Matches(SLUG_RULE, { message: SLUG_MESSAGE })
  declare slug?: string;
}

@InputType({ description: "Body of POST /v2/organizations/{orgId}/teams (the reference's CreateOrgTeamDto)." })
export class CreateOrganizationTeamInput extends UpdateTeamInput {
  @Field()
  @MinLength(1, { message: 'name must not be empty' })
  @MaxLength(100, { message: 'name must be at most 100 characters' })
  declare name: string;

  @Field({ nullable: true, description: 'The caller becomes OWNER of the team; accepted at once unless false (default true).' })
  autoAcceptCreator?: boolean;
}

@ObjectType()
export class TeamPage extends PageOf(Team) {}

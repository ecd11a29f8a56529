import { IsOptional, Matches, MaxLength, MinLength } from 'class-validator';
import { Field, InputType, ObjectType } from 'type-graphql';
import { PageOf } from '../../kit/pagination';
import { Team } from './team.entity';

@InputType({ description: 'Body of POST /v2/teams.' })
export class CreateTeamInput {
  @Field()
  @MinLength(1, { message: 'name must not be empty' })
  @MaxLength(100, { message: 'name must be at most 100 characters' })
  name: string;

  @Field({ nullable: true, description: 'Defaults to a slug of the name.' })
  @IsOptional()
  @Matches(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: 'slug must be lowercase letters, digits and single hyphens' })
  slug?: string;

  @Field({ nullable: true })
  bio?: string;

  @Field({ nullable: true, description: 'IANA time zone name.' })
  timeZone?: string;
}

@ObjectType()
export class TeamPage extends PageOf(Team) {}

import { Field, Int, ObjectType } from 'type-graphql';
import { Team } from '../team/team.entity';

/** An organization: stored as a team with `isOrganization`, presented as its own type. */
@ObjectType({ description: 'An organization: the umbrella over teams and their members.' })
export class Organization {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field() slug: string;
  @Field(() => String, { nullable: true }) bio: string | null;
  @Field() createdAt: Date;
  @Field({ description: "A platform organization (the reference's MeOrgOutput.isPlatform): always false here, no organization is a platform customer." })
  isPlatform: boolean;

  static of(team: Team): Organization {
    return Object.assign(new Organization(), { id: team.id, name: team.name, slug: team.slug, bio: team.bio, createdAt: team.createdAt, isPlatform: false });
  }
}

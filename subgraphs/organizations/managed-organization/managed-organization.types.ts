import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';
import { PageOf } from '../../../platform/pagination';
import { Team } from '../team/team.entity';

@ObjectType({ description: 'An organization managed by another one (reference ManagedOrganizationOutput).' })
export class ManagedOrganization {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field() slug: string;
  @Field(() => GraphQLJSONObject) metadata: Record<string, unknown>;

  static of(team: Team): ManagedOrganization {
    return Object.assign(new ManagedOrganization(), { id: team.id, name: team.name, slug: team.slug, metadata: team.metadata ?? {} });
  }
}

@ObjectType({ description: 'A new managed organization with the API key of its API user, shown this once (reference ManagedOrganizationWithApiKeyOutput).' })
export class ManagedOrganizationWithApiKey extends ManagedOrganization {
  @Field({ description: 'An API key (svc_…) that acts as the OWNER of the new organization, and nothing else.' }) apiKey: string;
  @Field(() => Date, { nullable: true, description: 'When the key stops working; null when it never expires.' }) apiKeyExpiresAt: Date | null;
}

@ObjectType()
export class ManagedOrganizationPage extends PageOf(ManagedOrganization) {}

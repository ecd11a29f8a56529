import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, InputType, Int } from 'type-graphql';

@InputType({ description: 'Body of POST /v2/organizations/{orgId}/organizations (reference CreateOrganizationInput).' })
export class CreateManagedOrganizationInput {
  @Field() name: string;
  @Field({ nullable: true, description: 'Kebab-case; made from the name when left out.' }) slug?: string;
  @Field(() => GraphQLJSONObject, { nullable: true }) metadata?: Record<string, unknown>;
  @Field(() => Int, { nullable: true, description: 'Days the API key is valid (default 30).' }) apiKeyDaysValid?: number;
  @Field({ nullable: true, description: 'The API key never expires.' }) apiKeyNeverExpires?: boolean;
}

@InputType({ description: 'Body of PATCH /v2/organizations/{orgId}/organizations/{managedOrganizationId} (reference UpdateOrganizationInput).' })
export class UpdateManagedOrganizationInput {
  @Field({ nullable: true }) name?: string;
  @Field(() => GraphQLJSONObject, { nullable: true }) metadata?: Record<string, unknown>;
}

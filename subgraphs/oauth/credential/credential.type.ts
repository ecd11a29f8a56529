import { Field, Int, ObjectType } from 'type-graphql';
import { User } from './user.stub';

/** What a bearer secret stands for; the gateway turns it into the request's principal. */
@ObjectType({ description: 'The user and rights a bearer secret stands for.' })
export class ResolvedCredential {
  @Field({ description: "'apiKey' for now." })
  kind: string;

  @Field(() => Int)
  userId: number;

  @Field(() => [String], { nullable: true, description: 'Granted scopes; null means the user\'s full rights (API keys).' })
  scopes: string[] | null;

  @Field(() => String, { nullable: true })
  clientId: string | null;

  @Field(() => Int, { nullable: true })
  apiKeyId: number | null;

  @Field(() => User)
  user?: User;
}

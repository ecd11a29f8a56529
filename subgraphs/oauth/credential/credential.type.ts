import { Field, Int, ObjectType } from 'type-graphql';
import { User } from '../user/user.stub';

/** What a bearer secret stands for; the gateway turns it into the request's principal. */
@ObjectType({ description: 'The user and rights a bearer secret stands for.' })
export class ResolvedCredential {
  @Field({
    description:
      "'apiKey' (the user's full rights), 'oauth' (an access token: the granted scopes) or 'platform' (client id and secret key: the client's owner, with the client's scopes).",
  })
  kind: string;

  @Field(() => Int)
  userId: number;

  @Field(() => [String], { nullable: true, description: "Granted scopes; null means the user's full rights (API keys)." })
  scopes: string[] | null;

  @Field(() => String, { nullable: true })
  clientId: string | null;

  @Field(() => Int, { nullable: true })
  apiKeyId: number | null;

  @Field(() => Date, {
    nullable: true,
    description: 'When the credential stops working by itself (access tokens; API keys with an expiry): caches must not keep it longer.',
  })
  expiresAt: Date | null;

  @Field(() => User)
  user?: User;
}

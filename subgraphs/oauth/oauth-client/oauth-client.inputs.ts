import { Field, InputType, ObjectType } from 'type-graphql';
import { OAuthClient } from './oauth-client.entity';

/** Rules live in OAuthClientService.register; every violation is a BAD_USER_INPUT naming the field. */
@InputType()
export class RegisterOAuthClientInput {
  @Field()
  name: string;

  @Field(() => [String], { description: '1 to 10 absolute URLs.' })
  redirectUris: string[];

  @Field(() => [String], { description: 'At least one scope the client may ask users for.' })
  scopes: string[];

  @Field({ nullable: true, defaultValue: false, description: 'True for apps that cannot keep a secret: no client secret is issued.' })
  isPublic?: boolean;
}

@ObjectType({ description: 'A newly registered client and its secret, which is shown only this once.' })
export class RegisteredOAuthClient {
  @Field(() => OAuthClient)
  client: OAuthClient;

  @Field(() => String, { nullable: true, description: 'The client secret of a confidential client; null for public clients.' })
  secret: string | null;
}

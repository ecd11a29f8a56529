import { Field, InputType, Int, ObjectType } from 'type-graphql';

/**
 * The body of POST /v2/auth/oauth2/token as RFC 6749 names its fields (spec 4.1); every field is
 * optional here so that a missing one is the endpoint's own error (spec 7.3), not a GraphQL one.
 */
@InputType({ description: 'An OAuth 2.0 token request (RFC 6749 field names).' })
export class OAuthTokenRequest {
  @Field(() => String, { nullable: true, description: "'authorization_code' or 'refresh_token'." })
  grant_type?: string | null;

  @Field(() => String, { nullable: true, description: 'Always required.' })
  client_id?: string | null;

  @Field(() => String, { nullable: true, description: 'Confidential clients.' })
  client_secret?: string | null;

  @Field(() => String, { nullable: true, description: 'authorization_code: the code the redirect carried.' })
  code?: string | null;

  @Field(() => String, { nullable: true, description: 'authorization_code: the redirect_uri of the authorization request.' })
  redirect_uri?: string | null;

  @Field(() => String, { nullable: true, description: 'authorization_code with PKCE: the original verifier of the code_challenge.' })
  code_verifier?: string | null;

  @Field(() => String, { nullable: true, description: 'refresh_token: the refresh token to rotate.' })
  refresh_token?: string | null;

  @Field(() => String, { nullable: true, description: 'refresh_token: if sent, exactly the granted scopes (a refresh keeps them).' })
  scope?: string | null;
}

@ObjectType({ description: 'The token response (spec 2.3): the REST endpoint writes it with RFC 6749 names.' })
export class OAuthTokenResponse {
  @Field()
  accessToken: string;

  @Field()
  refreshToken: string;

  @Field({ description: "Always 'bearer'." })
  tokenType: string;

  @Field(() => Int, { description: 'Seconds the access token lasts: 1800.' })
  expiresIn: number;

  @Field({ description: 'Granted scopes, space-delimited.' })
  scope: string;
}

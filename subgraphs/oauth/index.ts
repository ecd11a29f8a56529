import { addressOf } from '../../platform/addresses';
import { ApiKeyIssueResolver } from './api-key/api-key-issue.resolver';
import { SubgraphDefinition } from '../../platform/server';
import { ApiKey } from './api-key/api-key.entity';
import { ApiKeyResolver } from './api-key/api-key.resolver';
import { AuthorizationCode } from './authorization/authorization-code.entity';
import { CredentialResolver } from './credential/credential.resolver';
import { User } from './user/user.stub';
import { Initial1732100000000 } from './migrations/1732100000000-initial';
import { AnnouncePrincipalChanges1732200000000 } from './migrations/1732200000000-announce-principal-changes';
import { OAuthProvider1732400000000 } from './migrations/1732400000000-oauth-provider';
import { AnnounceTokenRevocation1732400000001 } from './migrations/1732400000001-announce-token-revocation';
import { RateLimits1732600000000 } from './migrations/1732600000000-rate-limits';
import { PlatformOAuthClients1734600000000 } from './migrations/1734600000000-platform-oauth-clients';
import { KeyedWrites1735500000000 } from './migrations/1735500000000-keyed-writes';
import { ManagedUserTokensResolver } from './managed-user/managed-user-tokens.resolver';
import { PlatformOAuthClientResolver } from './oauth-client/platform-oauth-client.resolver';
import { OAuthClient } from './oauth-client/oauth-client.entity';
import { OAuthClientResolver } from './oauth-client/oauth-client.resolver';
import { AuthSession } from './session/session.entity';
import { OAuthGrant } from './token/grant.entity';
import { OAuthToken } from './token/token.entity';
import { TokenResolver } from './token/token.resolver';
import { mountAuthPages, WEB_PATHS } from './web/routes';

/** API keys, OAuth clients and their review, the OAuth 2.0 provider (pages under /auth, token endpoint) and the resolution of credentials. */
export const oauth: SubgraphDefinition = {
  name: 'oauth',
  defaultPort: addressOf('oauth').defaultPort,
  persistence: {
    schema: 'oauth',
    entities: [ApiKey, OAuthClient, AuthSession, AuthorizationCode, OAuthGrant, OAuthToken],
    migrations: [
      Initial1732100000000,
      AnnouncePrincipalChanges1732200000000,
      OAuthProvider1732400000000,
      AnnounceTokenRevocation1732400000001,
      RateLimits1732600000000,
      PlatformOAuthClients1734600000000,
      KeyedWrites1735500000000,
    ],
  },
  resolvers: [
    ApiKeyIssueResolver,
    ApiKeyResolver,
    OAuthClientResolver,
    CredentialResolver,
    TokenResolver,
    PlatformOAuthClientResolver,
    ManagedUserTokensResolver,
  ],
  referenceResolvers: {},
  orphanedTypes: [User],
  web: { paths: WEB_PATHS, mount: mountAuthPages },
};

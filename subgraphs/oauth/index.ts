import { SubgraphDefinition } from '../kit/server';
import { ApiKey } from './api-key/api-key.entity';
import { ApiKeyResolver } from './api-key/api-key.resolver';
import { CredentialResolver } from './credential/credential.resolver';
import { User } from './credential/user.stub';
import { Initial1732100000000 } from './migrations/1732100000000-initial';
import { AnnouncePrincipalChanges1732200000000 } from './migrations/1732200000000-announce-principal-changes';
import { OAuthClient } from './oauth-client/oauth-client.entity';
import { OAuthClientResolver } from './oauth-client/oauth-client.resolver';

/** API keys, OAuth clients and the resolution of bearer secrets. */
export const oauth: SubgraphDefinition = {
  name: 'oauth',
  defaultPort: 4004,
  persistence: { schema: 'oauth', entities: [ApiKey, OAuthClient], migrations: [Initial1732100000000, AnnouncePrincipalChanges1732200000000] },
  resolvers: [ApiKeyResolver, OAuthClientResolver, CredentialResolver],
  referenceResolvers: {},
  orphanedTypes: [User],
};

/**
 * What the supervisor and the gateway's process need to know of the subgraphs — names, default
 * ports, the web paths the gateway forwards — without loading any subgraph's code (requiring the
 * four definitions costs about 2 s of CPU: type-graphql, TypeORM, every entity and resolver).
 * Each definition (subgraphs/<name>/index.ts) takes its port and paths from here.
 */
export interface SubgraphAddress {
  name: 'scheduling' | 'organizations' | 'integrations' | 'oauth';
  defaultPort: number;
  /** Paths of pages the subgraph serves, which the gateway forwards to it. */
  webPaths?: string[];
}

/** The OAuth provider's pages under {auth_url}/auth and its RFC 8414 metadata. */
export const OAUTH_DISCOVERY_PATH = '/.well-known/oauth-authorization-server';

/** In composition order. */
export const SUBGRAPH_ADDRESSES: readonly SubgraphAddress[] = [
  { name: 'scheduling', defaultPort: 4001 },
  { name: 'organizations', defaultPort: 4002 },
  { name: 'integrations', defaultPort: 4003 },
  { name: 'oauth', defaultPort: 4004, webPaths: ['/auth', OAUTH_DISCOVERY_PATH] },
];

export function addressOf(name: SubgraphAddress['name']): SubgraphAddress {
  return SUBGRAPH_ADDRESSES.find((address) => address.name === name)!;
}

import { GraphQLError } from 'graphql';
import { PRINCIPAL_HEADER, signPrincipal, SYSTEM } from './principal';
import { isUnreachable, SERVICE_UNAVAILABLE, serviceUnavailable } from './unavailable';

/** A GraphQL answer whose errors were already turned into an exception. */
export type GraphData = Record<string, unknown>;

/**
 * How a subgraph reads what another subgraph owns: it asks the supergraph, through the gateway, as
 * the system principal (signed with the internal secret, as the gateway signs principals for the
 * subgraphs). Used for @internal fields such as `verifyPassword` and `usersById`: never SQL across schemas.
 */
export class GraphLink {
  constructor(private readonly gatewayUrl: () => string) {}

  async run<T = GraphData>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const response = await fetch(`${this.gatewayUrl().replace(/\/$/, '')}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [PRINCIPAL_HEADER]: signPrincipal(SYSTEM) },
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(10_000),
    }).catch((error) => {
      throw isUnreachable(error) ? serviceUnavailable('gateway') : error;
    });
    const body = (await response.json().catch(() => ({}))) as { data?: T; errors?: Array<{ message: string; extensions?: { code?: string } }> };
    // A service the answer needed is down: say so with its code, so that the caller answers 503 too.
    const unavailable = body.errors?.find((e) => e.extensions?.code === SERVICE_UNAVAILABLE);
    if (unavailable) throw new GraphQLError(unavailable.message, { extensions: { code: SERVICE_UNAVAILABLE } });
    if (body.errors?.length || !body.data) {
      throw new Error(`Graph call failed (HTTP ${response.status}): ${body.errors?.map((e) => e.message).join('; ') ?? 'no data'}`);
    }
    return body.data;
  }
}

/** Where the gateway is when nobody said: GATEWAY_URL, else the default port on loopback. */
export const defaultGatewayUrl = () => process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000';

import { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { hasUnavailableCode, RETRY_AFTER_SECONDS } from '../platform/unavailable';
import { subgraphAgent, SubgraphRequestInit, SubgraphResponse, subgraphRequest } from '../platform/subgraph-http';
import { setting } from '../platform/configuration/settings';

/**
 * A subgraph's 400 whose body is a GraphQL response of BAD_USER_INPUT errors (a variable value its
 * scalars refuse: GraphQL over HTTP answers those 400) is the client's mistake, not a failed fetch:
 * it reaches the gateway as that GraphQL response, so the client reads the subgraph's message.
 */
async function badUserInputAsGraphQLResponse(response: SubgraphResponse): Promise<SubgraphResponse> {
  if (response.status !== 400 || !/json/.test(response.headers.get('content-type') ?? '')) return response;
  try {
    const body = JSON.parse(await response.clone().text()) as { data?: unknown; errors?: Array<{ extensions?: { code?: unknown } }> };
    const onlyBadInput = Array.isArray(body.errors) && body.errors.length > 0 && body.errors.every((e) => e.extensions?.code === 'BAD_USER_INPUT');
    return onlyBadInput && body.data === undefined ? response.withStatus(200) : response;
  } catch {
    return response;
  }
}

/**
 * The gateway's fetch to subgraphs (keep-alive node:http, platform/subgraph-http.ts), bounded in time:
 * a hung subgraph becomes a 503, not a request that never ends. `close()` ends its idle connections.
 */
export function subgraphFetcher(): { fetch: (input: string, init?: SubgraphRequestInit) => Promise<SubgraphResponse>; close(): void } {
  const agent = subgraphAgent();
  return {
    fetch: async (input, init = {}) => badUserInputAsGraphQLResponse(await subgraphRequest(agent, input, init, setting('SUBGRAPH_TIMEOUT_MS'))),
    close: () => agent.destroy(),
  };
}

/**
 * `/graphql` keeps HTTP 200 for partial answers, but an answer with no data at all because a
 * dependency is down is a 503 with Retry-After, as REST answers it.
 */
export const answerUnavailableWith503: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind !== 'single') return;
        const { data, errors } = response.body.singleResult;
        const noData = data == null || Object.values(data).every((value) => value == null);
        if (!noData || !errors?.some(hasUnavailableCode)) return;
        response.http.status = 503;
        response.http.headers.set('retry-after', String(RETRY_AFTER_SECONDS));
      },
    };
  },
};

/**
 * A dependency failed before execution began (the oauth subgraph resolving a credential): the same
 * error, answered 503 with Retry-After on /graphql (Apollo reads `extensions.http` of context errors).
 */
export function unavailableBeforeExecution(error: { message: string; extensions?: Record<string, unknown> }): GraphQLError {
  const { http: _http, ...extensions } = error.extensions ?? {};
  return new GraphQLError(error.message, {
    extensions: { ...extensions, http: { status: 503, headers: new Map([['retry-after', String(RETRY_AFTER_SECONDS)]]) } },
  });
}

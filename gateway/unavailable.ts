import { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { hasUnavailableCode, RETRY_AFTER_SECONDS } from '../subgraphs/kit/unavailable';

/** How long the gateway waits for a subgraph's answer before calling it unavailable (SUBGRAPH_TIMEOUT_MS). */
const SUBGRAPH_TIMEOUT_MS = Number(process.env.SUBGRAPH_TIMEOUT_MS || 30_000);

/** The gateway's fetch to subgraphs, bounded in time: a hung subgraph becomes a 503, not a request that never ends. */
export const subgraphFetch: typeof fetch = (input, init) => fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(SUBGRAPH_TIMEOUT_MS) });

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

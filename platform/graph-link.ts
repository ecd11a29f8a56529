import { GraphQLError } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { printedOnce } from './printed-documents';
import { readsOnly, requestMayHaveBeenRead, subgraphAgent, subgraphRequest } from './subgraph-http';
import { signSystemCall, signWriteKey, SYSTEM_CALL_HEADER, WRITE_KEY_HEADER } from './principal';
import { Agent } from 'node:http';
import { REQUEST_ID_HEADER } from './request-log';
import { isUnreachable, SERVICE_UNAVAILABLE, serviceUnavailable, writeOutcomeUnknown } from './unavailable';
import { setting } from './configuration/settings';

/**
 * How a subgraph reads what another subgraph owns: it asks the supergraph, through the gateway's
 * internal listener (never its public address), as the system principal signed with the callback
 * key. Used for @internal fields such as `verifyPassword` and `usersById`: never SQL across schemas.
 * Every call is a contract: a named operation of `<service>/contracts/*.graphql`, typed by `npm run contracts`
 * (docs/contracts.md) and checked against the internal supergraph by `npm run schema:check`.
 */
export class GraphLink {
  constructor(
    private readonly gatewayUrl: () => string,
    /** The request these calls serve (its x-request-id), so the gateway logs them under it; none for background work. */
    private readonly requestId?: string,
    /**
     * node:http with keep-alive, as the gateway's own subgraph calls (platform/subgraph-http.ts): the global
     * fetch cost about 8 % of the stack's CPU in the profile of booking creation, which makes three callbacks
     * (docs/performance.md). Idle sockets do not keep the process alive; the gateway closes them when it stops.
     */
    private readonly agent: Agent = subgraphAgent(),
  ) {}

  /** The same link, for the calls made while serving request `requestId` (over the same connections). */
  forRequest(requestId: string | undefined): GraphLink {
    return requestId === this.requestId ? this : new GraphLink(this.gatewayUrl, requestId, this.agent);
  }

  /**
   * Runs a contract (its TypedDocumentNode from `<service>/contracts/generated.ts`): its data, typed, or an exception.
   * `writeKey`: a mutation made on a keyed write's behalf (keyed-writes.ts `writeKeyForCall`), sent signed as the
   * gateway sends its own, which the gateway's internal listener passes on to the subgraph that writes.
   */
  async call<Result, Variables>(document: TypedDocumentNode<Result, Variables>, variables: Variables, options: { writeKey?: string } = {}): Promise<Result> {
    const query = printedOnce(document);
    // A query is sent again once after a broken keep-alive connection; a mutation never (platform/subgraph-http.ts).
    const idempotent = readsOnly(query);
    const response = await subgraphRequest(
      this.agent,
      `${this.gatewayUrl().replace(/\/$/, '')}/graphql`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SYSTEM_CALL_HEADER]: signSystemCall(),
          ...(this.requestId ? { [REQUEST_ID_HEADER]: this.requestId } : {}),
          ...(options.writeKey && !idempotent ? { [WRITE_KEY_HEADER]: signWriteKey(options.writeKey) } : {}),
        },
        body: JSON.stringify({ query, variables }),
        idempotent,
      },
      10_000,
    ).catch((error) => {
      if (!isUnreachable(error)) throw error;
      throw !idempotent && requestMayHaveBeenRead(error) ? writeOutcomeUnknown('gateway') : serviceUnavailable('gateway');
    });
    const body = (await response.json().catch(() => ({}))) as { data?: Result; errors?: Array<{ message: string; extensions?: { code?: string } }> };
    // A service the answer needed is down: say so with its code, so that the caller answers 503 too.
    const unavailable = body.errors?.find((e) => e.extensions?.code === SERVICE_UNAVAILABLE);
    if (unavailable) throw new GraphQLError(unavailable.message, { extensions: { code: SERVICE_UNAVAILABLE } });
    if (body.errors?.length || !body.data) {
      // `codes` lets a caller tell an answer no retry changes (NOT_FOUND, BAD_USER_INPUT) from a failure.
      throw Object.assign(new Error(`Graph call failed (HTTP ${response.status}): ${body.errors?.map((e) => e.message).join('; ') ?? 'no data'}`), {
        codes: body.errors?.map((e) => e.extensions?.code) ?? [],
      });
    }
    return body.data;
  }
}

/** Where the gateway's internal listener is when nobody said: GATEWAY_INTERNAL_URL, else its default port on loopback. */
export const defaultGatewayUrl = () => setting('GATEWAY_INTERNAL_URL');

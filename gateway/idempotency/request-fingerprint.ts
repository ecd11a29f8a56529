import { Request } from 'express';
import { Principal } from '../../platform/principal';
import { sha256Hex } from '../../platform/sha256';

/**
 * Who a key belongs to and what request it was first sent with. Keys are the caller's own: two callers using the
 * same key never meet. The caller is the principal's identity (credential kind, user, OAuth client, API key), never a
 * secret: an access token refreshed by the same client keeps its keys. Anonymous callers (public bookings) share one
 * scope, where a key is as private as the client keeps it (docs/decisions.md, issue 23).
 */
export function callerScope(principal: Principal): string {
  return sha256Hex(JSON.stringify([principal.kind, principal.userId, principal.clientId, principal.apiKeyId ?? null]));
}

/** A /v2 write: method, path with its query, the API version asked for and the body as parsed (a hash of each, together). */
export function restFingerprint(req: Request, apiVersion: string | undefined): string {
  return sha256Hex(JSON.stringify([req.method, req.originalUrl, apiVersion ?? null, req.body ?? null]));
}

/** The parts of a /graphql request that choose what it does. */
export interface GraphQLRequestBody {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
  extensions?: { persistedQuery?: { sha256Hash?: unknown } };
}

/** A /graphql mutation: the document (its text, or its persisted-query hash), the variables and the operation name. */
export function graphqlFingerprint(body: GraphQLRequestBody): string {
  const document = body.query ?? body.extensions?.persistedQuery?.sha256Hash ?? null;
  return sha256Hex(JSON.stringify(['POST', '/graphql', document, body.variables ?? null, body.operationName ?? null]));
}

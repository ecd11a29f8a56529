export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * One REST operation of /v2, declared rather than hand-written. Path parameters, query parameters
 * and the JSON body fill the operation's variables by name: `{teamId}` and `?take=` fill `$teamId`
 * and `$take` (coerced to the variable's GraphQL type), the body fills `$input`.
 */
export interface RouteEntry {
  method: HttpMethod;
  /** OpenAPI-style template: `/v2/teams/{teamId}/memberships/{membershipId}`. */
  path: string;
  /** Spec grouping, used as the OpenAPI tag. */
  tag: string;
  summary: string;
  /**
   * The `svc-api-version` value this entry implements. Entries of one method and path without a
   * version answer when the header is missing or has another value (the older behaviour).
   */
  version?: string;
  /** A GraphQL document with exactly one operation. */
  operation: string;
  /** Field of the operation's `data` that becomes the envelope's `data`. */
  result: string;
  /** The result is `{items, pagination}`: `data` gets the items, `pagination` the position. */
  paginated?: boolean;
  /** HTTP status on success (default 200; creates answer 201). */
  status?: number;
}

export function route(entry: RouteEntry): RouteEntry {
  return entry;
}

/** The selection every paginated route asks for. */
export const PAGINATION = 'pagination { totalItems currentPage totalPages hasNextPage }';

import type { TypedDocumentString } from './contracts/generated';
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
  /**
   * With `version`: the endpoint has no older behaviour (it did not exist before that version), so a
   * request without the header, or with another value, answers 404 naming the header it needs.
   */
  versionRequired?: boolean;
  /**
   * The route's operation: a named operation of `gateway/rest/contracts/<family>.graphql`, typed by `npm run contracts`
   * into gateway/rest/contracts/generated.ts (the fragments it spreads travel with it). `npm run schema:check` validates it.
   */
  document: TypedDocumentString<unknown, never>;
  /** The document's text: what the gateway runs (its operation cache is keyed by the text). */
  operation: string;
  /**
   * Field of the operation's `data` that becomes the envelope's `data`; a dotted path reaches into a
   * nested object (`organizationUser.schedules`: the route's root field is `organizationUser`).
   */
  result: string;
  /**
   * A list field selected inside the result: when it is a list, it is `data` instead of the result (a
   * recurring booking answers every occurrence); otherwise the result is `data`, without that field.
   */
  listWhenPresent?: string;
  /** The result is `{items, pagination}`: `data` gets the items, `pagination` the position. */
  paginated?: boolean;
  /** HTTP status on success (default 200; creates answer 201). */
  status?: number;
  /**
   * Media types of the body: JSON only (default), or also `application/x-www-form-urlencoded`
   * (`form-or-json`, the OAuth token endpoint, spec 4.1). Either way the body's fields fill `$input`.
   */
  body?: 'json' | 'form-or-json';
  /**
   * How errors are written: the envelope of spec 7.1 (default), or `oauth`, RFC 6749's
   * `{error, error_description}` with 400 (401 for invalid_client) as spec 7.3 has it.
   */
  errors?: 'envelope' | 'oauth';
  /** false: the result itself is the body, without the `{status, data}` envelope (token responses, spec 2.3). */
  envelope?: boolean;
  /** Response headers of every answer (`Cache-Control: no-store` on token responses). */
  headers?: Record<string, string>;
  /** The largest body accepted (body-parser syntax: `8kb`); larger ones are 413 PAYLOAD_TOO_LARGE. Default 100kb. */
  bodyLimit?: string;
  /**
   * How `null` answers are written where the reference's response schema does not allow null (strict
   * generated clients refuse them): `omit` — keys (at any depth of `data`) left out when null (the
   * reference marks them optional); `empty` — required string keys written as "" when null.
   */
  nulls?: { omit?: readonly string[]; empty?: readonly string[] };
  /** The route reads no credential header: the token endpoint authenticates the client from the body. */
  anonymous?: boolean;
  /**
   * The path parameter naming the platform OAuth client that calls this route with its secret key
   * (`x-svc-secret-key`, spec 4.2): that client is the caller, whatever bearer credential comes too.
   */
  platformClientIdParam?: string;
  /** Marked `deprecated` in the OpenAPI document (the `Deprecation` / `Sunset` answers go in `headers`). */
  deprecated?: boolean;
  /** Deliberate differences from the real service (gateway/rest/deviations.ts): `x-svc-deviation` in the OpenAPI document. */
  deviations?: readonly string[];
  /**
   * Query parameter names of an older version, each read as the variable it names when that variable's own parameter
   * is not sent (`{limit: 'take'}`); listed in the OpenAPI document beside it.
   */
  queryAliases?: Readonly<Record<string, string>>;
  /**
   * Query parameters the reference documents for this operation that this API does not serve, each with the sentence
   * saying what to use instead: a request sending one is a 400 naming it, never an answer that quietly ignored it.
   */
  unservedQuery?: Readonly<Record<string, string>>;
}

/** A route as the route files declare it: the operation is its contract's document. */
export type RouteDeclaration = Omit<RouteEntry, 'operation'>;

export function route(declaration: RouteDeclaration): RouteEntry {
  return { ...declaration, operation: declaration.document.toString() };
}

/**
 * The response headers of a deprecated route (RFC 9745 `Deprecation`, RFC 8594 `Sunset`): spread into a
 * route entry, `{...deprecatedRoute(since, sunset), method, path, …}`.
 */
export function deprecatedRoute(since: Date, sunset: Date): Pick<RouteEntry, 'deprecated' | 'headers'> {
  return { deprecated: true, headers: { Deprecation: `@${Math.floor(since.getTime() / 1000)}`, Sunset: sunset.toUTCString() } };
}

import { GraphQLFormattedError } from 'graphql';

/** The `{status: "error", error: {code, message}}` envelope of spec 7.1. */
export interface ErrorEnvelope {
  status: 'error';
  error: { code: string; message: string };
}

export class RestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const STATUS_OF_GRAPHQL_CODE: Record<string, number> = {
  BAD_USER_INPUT: 400,
  // An operation over a limit (gateway/operation-limits): a slots range too long for one request, say.
  GRAPHQL_VALIDATION_FAILED: 400,
  GRAPHQL_PARSE_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  SERVICE_UNAVAILABLE: 503,
  TOO_MANY_REQUESTS: 429,
};

const ENVELOPE_CODE: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_ENTITY',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

export function envelope(status: number, message: string): ErrorEnvelope {
  return { status: 'error', error: { code: ENVELOPE_CODE[status] ?? 'ERROR', message } };
}

/**
 * GraphQL rejects bad variables with messages such as
 * `Variable "$input" got invalid value "x" at "input.lengthInMinutes"; Int cannot represent …`.
 * REST clients sent a body or a parameter, not a variable: name the field they sent.
 */
function restMessage(message: string): string {
  const invalid = /^Variable "\$(\w+)" got invalid value .*?(?: at "([^"]+)")?; (.*)$/s.exec(message);
  if (invalid) {
    const [, variable, at, reason] = invalid;
    const field = at ? at.replace(/^input\.?/, '') || 'body' : variable === 'input' ? 'body' : variable;
    return `${field}: ${reason.replace(/^Field "(\w+)" of required type "([^"]+)" was not provided\.$/, '$1 is required ($2)')}`;
  }
  const missing = /^Variable "\$(\w+)" of (?:required|non-null) type "([^"]+)" (?:was not provided|must not be null)\.$/.exec(message);
  if (missing) return missing[1] === 'input' ? 'A JSON body is required' : `${missing[1]} is required`;
  return message;
}

/** The one place a GraphQL error becomes an HTTP status and an error envelope. */
export function restErrorOf(error: GraphQLFormattedError | RestError | Error): { status: number; body: ErrorEnvelope } {
  if (error instanceof RestError) return { status: error.status, body: envelope(error.status, error.message) };
  const code = (error as GraphQLFormattedError).extensions?.code as string | undefined;
  const status = (code && STATUS_OF_GRAPHQL_CODE[code]) || 500;
  if (status === 500) {
    console.error('[rest] internal error:', error.message);
    return { status, body: envelope(500, 'Internal server error') };
  }
  return { status, body: envelope(status, restMessage(error.message)) };
}

/** RFC 6749 section 5.2: the error body of the OAuth token endpoint (spec 7.3). */
export interface OAuthErrorBody {
  error: string;
  error_description: string;
}

/**
 * The token endpoint's errors: `{error, error_description}`, 401 for invalid_client and 400 for the
 * others. The oauth subgraph names the OAuth error in `extensions.oauthError` and puts the
 * description in the message; anything the façade itself refuses (a body that is not JSON, a value
 * of the wrong type) is an invalid_request; anything else a server_error without internals.
 */
export function oauthErrorOf(error: GraphQLFormattedError | RestError | Error): { status: number; body: OAuthErrorBody } {
  const oauthError = (error as GraphQLFormattedError).extensions?.oauthError;
  if (typeof oauthError === 'string')
    return { status: oauthError === 'invalid_client' ? 401 : 400, body: { error: oauthError, error_description: error.message } };
  const { status, body } = restErrorOf(error);
  if (status === 400) return { status, body: { error: 'invalid_request', error_description: body.error.message } };
  if (status === 401) return { status, body: { error: 'invalid_client', error_description: body.error.message } };
  if (status === 503) return { status, body: { error: 'temporarily_unavailable', error_description: body.error.message } };
  return { status: 500, body: { error: 'server_error', error_description: 'Internal server error' } };
}

/** The error answer in the format the route declares (spec 7.1 envelope, or RFC 6749 for `errors: 'oauth'`). */
export function errorOf(
  route: { errors?: 'envelope' | 'oauth' },
  error: GraphQLFormattedError | RestError | Error,
): { status: number; body: ErrorEnvelope | OAuthErrorBody } {
  return route.errors === 'oauth' ? oauthErrorOf(error) : restErrorOf(error);
}

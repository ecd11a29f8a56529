import { GraphQLError } from 'graphql';

/**
 * The error codes subgraphs raise. The REST façade maps each to one HTTP status
 * (gateway/rest/errors.ts); GraphQL clients read them from `extensions.code`.
 */
export type ErrorCode = 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'BAD_USER_INPUT' | 'CONFLICT' | 'UNPROCESSABLE';

function fail(code: ErrorCode, message: string, extra: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extra } });
}

export const unauthenticated = (message = 'Authentication required: send Authorization: Bearer <API key or access token>') => fail('UNAUTHENTICATED', message);
export const forbidden = (message: string) => fail('FORBIDDEN', message);
export const notFound = (what: string, id: unknown) => fail('NOT_FOUND', `${what} with id ${JSON.stringify(id)} not found`);
/** A 404 in its own words, where "<what> with id <id> not found" does not fit (the reference's sentence, a uid, a username). */
export const notFoundSaying = (message: string) => fail('NOT_FOUND', message);
/** A 400 whose message starts with the field at fault. */
export const badInput = (field: string, message: string) => fail('BAD_USER_INPUT', message.startsWith(field) ? message : `${field}: ${message}`, { field });
/** A 409; `reason` names a kind of conflict a caller may answer differently (`SLOT_TAKEN`). */
export const conflict = (message: string, reason?: string) => fail('CONFLICT', message, reason ? { reason } : {});
/** A 422: the request is well formed and allowed, but what it asks cannot be done (a slot reservation over a held or booked slot). */
export const unprocessable = (message: string) => fail('UNPROCESSABLE', message);

/** Postgres refused a row for a unique index (23505) or an exclusion constraint (23P01). */
export function isConstraintViolation(error: unknown, kind: 'unique' | 'exclusion' = 'unique'): boolean {
  const code = (error as { driverError?: { code?: string } })?.driverError?.code;
  return code === (kind === 'unique' ? '23505' : '23P01');
}

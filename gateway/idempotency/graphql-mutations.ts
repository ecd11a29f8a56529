import { NextFunction, Request, RequestHandler, Response } from 'express';
import { getOperationAST, parse } from 'graphql';
import { CredentialResolver } from '../credentials';
import { IDEMPOTENCY_KEY_HEADER } from './idempotency-key';
import { IdempotentRequests } from './idempotent-requests';
import { callerScope, graphqlFingerprint, GraphQLRequestBody } from './request-fingerprint';

/** The error codes of a refused keyed request on /graphql, as the /v2 envelope names them. */
const CODE_OF_STATUS: Record<number, string> = { 400: 'BAD_REQUEST', 409: 'CONFLICT', 422: 'UNPROCESSABLE_ENTITY', 503: 'SERVICE_UNAVAILABLE' };

/** Whether the body is a mutation: a document that does not parse, or names no operation of it, is left to Apollo Server to refuse. */
function isMutation(body: GraphQLRequestBody): boolean {
  if (typeof body.query !== 'string') return false;
  try {
    const operationName = typeof body.operationName === 'string' ? body.operationName : undefined;
    return getOperationAST(parse(body.query), operationName)?.operation === 'mutation';
  } catch {
    return false;
  }
}

/**
 * Idempotency-Key on /graphql (after the body is parsed, before Apollo Server): a mutation sent with a key is served
 * once per key (idempotent-requests.ts); a query, or a request whose credential does not resolve, goes on as it is
 * (Apollo Server answers the credential's error).
 */
export function graphqlMutationsOnce(idempotency: IdempotentRequests, credentials: CredentialResolver): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const body = (req.body ?? {}) as GraphQLRequestBody;
    if (req.header(IDEMPOTENCY_KEY_HEADER) === undefined || req.method !== 'POST' || !isMutation(body)) return next();
    let principal;
    try {
      principal = await credentials.resolveRequest(req);
    } catch {
      return next();
    }
    const refuse = (status: number, message: string) => {
      res.status(status).json({ errors: [{ message, extensions: { code: CODE_OF_STATUS[status] } }] });
    };
    await idempotency.serve(req, res, { scope: callerScope(principal), fingerprint: graphqlFingerprint(body), refuse }, () => next());
  };
}

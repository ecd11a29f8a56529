import { ErrorRequestHandler } from 'express';
import { setting } from '../platform/configuration/settings';

/** An error raised by express or body-parser before a route ran: a status a client can act on and a plain message. */
export interface RequestError {
  status: number;
  code: string;
  message: string;
}

/** body-parser's error types → what the client did wrong. Anything else is ours: 500 without details. */
export function requestErrorOf(error: Error & { status?: number; type?: string; limit?: number }): RequestError {
  switch (error.type) {
    case 'entity.parse.failed':
      return { status: 400, code: 'BAD_REQUEST', message: `The body is not valid JSON: ${error.message}` };
    case 'entity.too.large':
      return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: `The body is larger than this endpoint accepts (${error.limit} bytes)` };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: error.message };
    case 'request.size.invalid':
    case 'request.aborted':
    case 'stream.encoding.set':
    case 'parameters.too.many':
      return { status: 400, code: 'BAD_REQUEST', message: error.message };
  }
  // zlib refusing a body sent with Content-Encoding it does not have is body-parser's plain 400.
  if (error.status && error.status >= 400 && error.status < 500)
    return { status: error.status, code: 'BAD_REQUEST', message: `The body could not be read: ${error.message}` };
  console.error('[gateway] internal error:', error);
  return { status: 500, code: 'INTERNAL_SERVER_ERROR', message: setting('DEBUG_ERRORS') ? String(error.stack ?? error.message) : 'Internal server error' };
}

/** `/graphql` answers its errors as GraphQL does, also when the body never became an operation. */
export const graphqlRequestErrors: ErrorRequestHandler = (error, _req, res, _next) => {
  const { status, code, message } = requestErrorOf(error);
  res.status(status).json({ errors: [{ message, extensions: { code } }] });
};

/** The last handler of the gateway: JSON, never express's HTML page with a stack. */
export const lastResortErrors: ErrorRequestHandler = (error, _req, res, _next) => {
  const { status, code, message } = requestErrorOf(error);
  res.status(status).json({ status: 'error', error: { code, message } });
};

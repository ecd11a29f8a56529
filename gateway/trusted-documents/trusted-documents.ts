import { RequestHandler, Response } from 'express';
import { join } from 'node:path';
import { countTrustedDocumentRefusal } from '../../platform/metrics';
import { hashOfDocumentId } from './manifest';
import { ManifestFolder } from './manifest-folder';

/** The variables of README's "For front-end teams" table. */
export const TRUSTED_DOCUMENTS_VARIABLE = 'GRAPHQL_TRUSTED_DOCUMENTS';
export const DEFAULT_TRUSTED_DOCUMENTS_DIR = join('.data', 'trusted-documents');

/**
 * `allow` (the default): a request sends a trusted document's id or any text. `only`: the text of a request must be one of the
 * manifests' documents (sent by id, by APQ hash, or as text): every other text is refused.
 */
export type TrustedDocumentsMode = 'allow' | 'only';

export function trustedDocumentsModeFrom(value: string | undefined): TrustedDocumentsMode {
  if (value === undefined || value === '' || value === 'allow') return 'allow';
  if (value === 'only') return 'only';
  throw new Error(`${TRUSTED_DOCUMENTS_VARIABLE} must be "allow" or "only", got ${JSON.stringify(value)}`);
}

/** The codes of the refusals (the names Apollo Router gives the same refusals, so a client written for either reads both). */
export const NOT_IN_LIST = 'PERSISTED_QUERY_NOT_IN_LIST';
export const NOT_IN_SAFELIST = 'QUERY_NOT_IN_SAFELIST';

/** The fields of a GraphQL request this reads: from the JSON body of a POST, from the query string of a GET. */
interface RequestFields {
  query?: unknown;
  documentId?: unknown;
  extensions?: unknown;
}

/** The request's fields, and how to put a document's text in place of its id. */
function fieldsOf(req: Parameters<RequestHandler>[0]): { fields: RequestFields; useText(text: string): void } | undefined {
  if (req.method === 'POST') {
    const body = req.body as RequestFields | undefined;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined; // Apollo Server refuses it
    return {
      fields: body,
      useText(text) {
        delete body.documentId;
        body.query = text;
      },
    };
  }
  const questionMark = req.url.indexOf('?');
  if (req.method !== 'GET' || questionMark < 0) return undefined;
  const search = new URLSearchParams(req.url.slice(questionMark + 1));
  let extensions: unknown;
  try {
    extensions = JSON.parse(search.get('extensions') ?? 'null');
  } catch {
    extensions = undefined; // Apollo Server answers the bad JSON
  }
  return {
    fields: { query: search.get('query') ?? undefined, documentId: search.get('documentId') ?? undefined, extensions },
    useText(text) {
      search.delete('documentId');
      search.set('query', text);
      req.url = `${req.url.slice(0, questionMark)}?${search}`;
    },
  };
}

/** The hash of an automatic persisted query (`extensions.persistedQuery.sha256Hash`), when the request is one. */
function persistedQueryHashOf(extensions: unknown): string | undefined {
  const persistedQuery = (extensions as { persistedQuery?: { sha256Hash?: unknown } } | null)?.persistedQuery;
  return hashOfDocumentId(persistedQuery?.sha256Hash);
}

/** A 400 in GraphQL's shape, counted by its code (svc_trusted_document_refusals_total). */
function refuse(res: Response, code: string, message: string): void {
  countTrustedDocumentRefusal(code);
  res.status(400).json({ errors: [{ message, extensions: { code } }] });
}

/**
 * Trusted documents on /graphql, before Apollo Server reads the request (so the operation limits and the CSRF rule apply to a trusted
 * document as to any text): `documentId` (GraphQL over HTTP, Appendix A) becomes the manifest's text; an automatic persisted query whose
 * hash is a trusted document's gets its text; with `only`, a text that is no manifest's is refused. The REST façade and the subgraphs'
 * callbacks run their own documents and do not pass here.
 */
export function trustedDocuments(folder: ManifestFolder, mode: TrustedDocumentsMode): RequestHandler {
  return (req, res, next) => {
    const request = fieldsOf(req);
    if (!request) return next();
    const { fields, useText } = request;
    if (fields.documentId !== undefined) {
      const hash = hashOfDocumentId(fields.documentId);
      if (!hash) return refuse(res, 'BAD_REQUEST', 'documentId must be sha256:<the 64 hex digits of the SHA-256 of the document>');
      if (fields.query !== undefined) return refuse(res, 'BAD_REQUEST', 'Send documentId or query, not both');
      const text = folder.textOf(hash);
      if (text === undefined) return refuse(res, NOT_IN_LIST, `No trusted document has the id ${String(fields.documentId)}`);
      useText(text);
      return next();
    }
    if (typeof fields.query === 'string' && fields.query !== '') {
      if (mode === 'only' && !folder.trusts(fields.query)) {
        return refuse(res, NOT_IN_SAFELIST, 'Only trusted documents are served here: send the documentId of an operation of a manifest');
      }
      return next();
    }
    // An automatic persisted query without its text: Apollo Server's cache has it, or a manifest does (its id is the same hash).
    const persistedHash = persistedQueryHashOf(fields.extensions);
    const text = persistedHash && folder.textOf(persistedHash);
    if (text) useText(text);
    next();
  };
}

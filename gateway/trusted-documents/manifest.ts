import { createHash } from 'node:crypto';
import { parse, print } from 'graphql';

/** A document id: the SHA-256 of the document's text, 64 lower-case hex digits (the `sha256:` prefix of the GraphQL over HTTP appendix removed). */
export type DocumentHash = string;

const HEX_HASH = /^[0-9a-f]{64}$/;

export const sha256Of = (text: string): DocumentHash => createHash('sha256').update(text).digest('hex');

/**
 * The hash a document id names: `sha256:<hex>` (GraphQL over HTTP, Appendix A; what the codegen client preset writes) or the bare
 * hex (what Apollo's persisted query links send); undefined when it is neither.
 */
export function hashOfDocumentId(id: unknown): DocumentHash | undefined {
  if (typeof id !== 'string') return undefined;
  const hex = id.startsWith('sha256:') ? id.slice('sha256:'.length) : id;
  return HEX_HASH.test(hex) ? hex : undefined;
}

/**
 * The hash of a document's operations whatever its spacing, comments and commas: two texts with one syntax tree share it, so a client
 * that prints a trusted document its own way (Apollo Client prints it again) is still recognised. Undefined when the text does not parse.
 */
export function normalizedHashOf(text: string, maxTokens: number): DocumentHash | undefined {
  try {
    return sha256Of(print(parse(text, { noLocation: true, maxTokens })));
  } catch {
    return undefined;
  }
}

/** One entry of a manifest. */
export interface TrustedDocument {
  hash: DocumentHash;
  text: string;
  /** normalizedHashOf(text). */
  normalizedHash: DocumentHash;
}

/**
 * A manifest as the codegen client preset writes it (`persisted-documents.json`): one JSON object, document id → document text.
 * Every entry is checked: its id must be the SHA-256 of its text (so an id always names what it says) and the text must parse.
 * Throws, naming the first wrong entry, when the manifest is not one: the caller skips the whole file.
 */
export function parseManifest(json: string, maxTokens: number): TrustedDocument[] {
  let manifest: unknown;
  try {
    manifest = JSON.parse(json);
  } catch (error) {
    throw new Error(`not JSON: ${(error as Error).message}`, { cause: error });
  }
  if (!manifest || typeof manifest !== 'object' || Array.isArray(manifest)) throw new Error('not a JSON object of document id → document text');
  const documents: TrustedDocument[] = [];
  for (const [id, text] of Object.entries(manifest)) {
    const hash = hashOfDocumentId(id);
    if (!hash) throw new Error(`${JSON.stringify(id.slice(0, 80))} is not a document id (sha256:<64 hex digits>)`);
    if (typeof text !== 'string') throw new Error(`the document of ${id} is not a string`);
    if (sha256Of(text) !== hash) throw new Error(`${id} is not the SHA-256 of its document`);
    const normalizedHash = normalizedHashOf(text, maxTokens);
    if (!normalizedHash) throw new Error(`the document of ${id} is not a GraphQL document within ${maxTokens} tokens`);
    documents.push({ hash, text, normalizedHash });
  }
  return documents;
}

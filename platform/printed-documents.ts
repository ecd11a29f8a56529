import { DocumentNode, print } from 'graphql';

const printed = new WeakMap<DocumentNode, string>();

/**
 * The text of a document sent over the wire (a contract's TypedDocumentNode, platform/graph-link.ts and the gateway's
 * credential lookups): printed at its first call and kept with the document, never again per call.
 */
export function printedOnce(document: DocumentNode): string {
  let text = printed.get(document);
  if (text === undefined) printed.set(document, (text = print(document)));
  return text;
}

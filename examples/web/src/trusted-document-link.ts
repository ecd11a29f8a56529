import { ApolloLink, Observable } from '@apollo/client';
import type { DocumentNode } from 'graphql';

/** A document of the codegen client preset with `persistedDocuments`: it carries its id in the manifest. */
type PersistedDocument = DocumentNode & { __meta__?: { hash?: string } };

function operationNameOf(document: DocumentNode): string {
  const operation = document.definitions.find((definition) => definition.kind === 'OperationDefinition');
  if (operation?.kind !== 'OperationDefinition' || !operation.name) throw new Error('Trusted documents are named operations');
  return operation.name.value;
}

/**
 * The app's terminating link: each operation goes to /graphql as its trusted document's id (`{"documentId": "sha256:…"}`,
 * GraphQL over HTTP Appendix A) with its variables, never as text, so the gateway can run with GRAPHQL_TRUSTED_DOCUMENTS=only.
 * The ids come from the generated documents, looked up by operation name (Apollo Client hands the link a transformed copy).
 */
export function trustedDocumentLink(graphqlUrl: string, documents: DocumentNode[], bearer: () => string | null): ApolloLink {
  const ids = new Map(documents.map((document) => [operationNameOf(document), (document as PersistedDocument).__meta__?.hash]));
  return new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const documentId = operation.operationName && ids.get(operation.operationName);
        if (!documentId) {
          observer.error(new Error(`${operation.operationName ?? 'An anonymous operation'} is not one of the app's trusted documents`));
          return;
        }
        const token = bearer();
        const abort = new AbortController();
        fetch(graphqlUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify({ documentId, operationName: operation.operationName, variables: operation.variables }),
          signal: abort.signal,
        })
          .then((response) => response.json())
          .then((result) => {
            observer.next(result);
            observer.complete();
          })
          .catch((error) => observer.error(error));
        return () => abort.abort();
      }),
  );
}

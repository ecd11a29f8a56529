import type { Operation, Schema } from '@apollo/federation-internals';
import { DefinitionNode, DocumentNode, Kind, OperationDefinitionNode } from 'graphql';

/**
 * @apollo/gateway caches the query plan of a document, but before it shapes the subgraphs' answers it
 * builds federation-internals' `Operation` of the request again, every time (executeQueryPlan calls
 * `operationFromDocument(apiSchema, {operation, ...fragments}, {validate: false})`): 3.5 % of the
 * stack's CPU per `GET /v2/me` in the profile (docs/performance.md, change 23). Apollo Server hands
 * the gateway the same parsed document for the same query text (its document store), so the
 * operation is kept per API schema and operation node, with the fragment nodes it was built with.
 * The gateway only reads it (result shaping, the plan's conditions). Other callers (the planner,
 * which validates and names the operation) are passed through.
 */

type OperationFromDocument = (schema: Schema, document: DocumentNode, options?: { operationName?: string; validate?: boolean }) => Operation;

const kept = new WeakMap<Schema, WeakMap<OperationDefinitionNode, { fragments: readonly DefinitionNode[]; operation: Operation }>>();

const sameNodes = (a: readonly DefinitionNode[], b: readonly DefinitionNode[]) => a.length === b.length && a.every((node, i) => node === b[i]);

function reusing(build: OperationFromDocument): OperationFromDocument {
  return (schema, document, options) => {
    const [operationNode, ...fragments] = document.definitions;
    if (options?.validate !== false || options.operationName !== undefined || operationNode?.kind !== Kind.OPERATION_DEFINITION) {
      return build(schema, document, options);
    }
    let bySchema = kept.get(schema);
    if (!bySchema) kept.set(schema, (bySchema = new WeakMap()));
    const hit = bySchema.get(operationNode);
    if (hit && sameNodes(hit.fragments, fragments)) return hit.operation;
    const operation = build(schema, document, options);
    bySchema.set(operationNode, { fragments, operation });
    return operation;
  };
}

const REUSING = Symbol('operation reuse installed');

/**
 * Installs the reuse where executeQueryPlan looks the function up at each call (the module's
 * exports, read through the package index's live binding). Idempotent. test/backbone/nested-query.test.ts
 * fails should an upgrade bind the function differently or the reuse stop returning the kept operation.
 */
export function reuseOperationsForResultShaping(): void {
  const operations = require('@apollo/federation-internals/dist/operations') as { operationFromDocument: OperationFromDocument & { [REUSING]?: true } };
  if (operations.operationFromDocument[REUSING]) return;
  operations.operationFromDocument = Object.assign(reusing(operations.operationFromDocument), { [REUSING]: true as const });
}

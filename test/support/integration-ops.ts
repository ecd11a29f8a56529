import { parse } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { GraphLink } from '../../platform/graph-link';
import { TestStack } from './stack';

/** Runs an operation as the system on the gateway's internal listener, as a subgraph's GraphLink does (for @internal fields). */
export function graphqlOperationOf<T = any>(stack: TestStack, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  // Tests keep their operations inline (a contract of the product is generated: subgraphs/*/contracts).
  return new GraphLink(() => stack.gateway.internalUrl).call(parse(query) as TypedDocumentNode<T, Record<string, unknown>>, variables);
}

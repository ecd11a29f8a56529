import { GraphLink } from '../../subgraphs/kit/graph-link';
import { TestStack } from './stack';

/** Runs an operation as the system on the gateway's internal listener, as a subgraph's GraphLink does (for @internal fields). */
export function graphqlOperationOf<T = any>(stack: TestStack, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  return new GraphLink(() => stack.gateway.internalUrl).run<T>(query, variables);
}

import { DocumentNode, ExecutionResult, GraphQLError, GraphQLSchema, Kind, OperationDefinitionNode } from 'graphql';
import { CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';

/**
 * The gateway's read calls run as queries compiled once per document and operation (graphql-jit):
 * graphql-js walks the schema for every field value of every answer (field definition, resolve info,
 * argument values, type checks), which a 20-item event type list pays ~2,900 times per call
 * (docs/performance.md, change 26). Mutations keep graphql-js `execute` (fewer values, side effects in
 * order); so does any document graphql-jit does not compile.
 */

/** Compiled per document (the documents of gateway-requests.ts's cache) and operation name; null: not compilable. */
const compiled = new WeakMap<DocumentNode, Map<string | undefined, CompiledQuery | null>>();

function isQuery(document: DocumentNode, operationName: string | undefined): boolean {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const operation =
    operationName === undefined ? (operations.length === 1 ? operations[0] : undefined) : operations.find((o) => o.name?.value === operationName);
  return operation?.operation === 'query';
}

function compiledQueryOf(schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined): CompiledQuery | null {
  let byOperation = compiled.get(document);
  if (!byOperation) compiled.set(document, (byOperation = new Map()));
  let query = byOperation.get(operationName);
  if (query === undefined) {
    try {
      const result = isQuery(document, operationName) ? compileQuery(schema, document, operationName) : null;
      query = result && isCompiledQuery(result) ? result : null;
    } catch {
      query = null;
    }
    byOperation.set(operationName, query);
  }
  return query;
}

/**
 * graphql-jit's errors as graphql-js would have made them (a GraphQLError with `extensions` always set,
 * which Apollo Server's formatting reads), keeping the message, locations, path and original error.
 */
function asGraphQLError(error: GraphQLError): GraphQLError {
  if (error instanceof GraphQLError && error.extensions) return error;
  const converted = new GraphQLError(error.message, {
    path: error.path,
    originalError: error.originalError ?? undefined,
    extensions: error.extensions ?? undefined,
  });
  (converted as { locations?: unknown }).locations = error.locations;
  return converted;
}

/**
 * The compiled query's answer, or undefined when this document and operation are not served compiled
 * (the caller runs graphql-js `execute`).
 */
export function runCompiled(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | undefined,
  variables: Record<string, unknown> | undefined,
  contextValue: unknown,
): Promise<ExecutionResult> | undefined {
  const query = compiledQueryOf(schema, document, operationName);
  if (!query) return undefined;
  return Promise.resolve(query.query(undefined, contextValue, variables ?? {})).then((result) =>
    result.errors?.length ? { ...result, errors: result.errors.map(asGraphQLError) } : result,
  );
}

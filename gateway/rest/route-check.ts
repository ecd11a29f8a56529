import { buildSchema, GraphQLError, GraphQLSchema, Kind, OperationDefinitionNode, parse, specifiedRules, validate } from 'graphql';
import { RouteEntry } from './route';

/** How a problem names its route: method, path and the version it implements, as a newcomer searches the route table. */
export function routeName(route: RouteEntry): string {
  return `${route.method} ${route.path}${route.version ? ` (svc-api-version ${route.version})` : ''}`;
}

/**
 * The REST route table's operations checked against the internal supergraph's API schema (schema/internal.graphql:
 * what the façade runs them on, @inaccessible shapes such as `legacyCreateBooking` included). The route table is the
 * façade's contract folder: each route names one operation, and `npm run schema:check` fails on a schema change that
 * breaks one, naming the route (`POST /v2/api-keys/refresh → RefreshApiKey: Cannot query field …`).
 */
export function routeProblems(routes: readonly RouteEntry[], internalSchema: GraphQLSchema | string): string[] {
  const schema = typeof internalSchema === 'string' ? buildSchema(internalSchema) : internalSchema;
  const problems: string[] = [];
  for (const route of routes) {
    let errors: readonly GraphQLError[];
    let name = '(unnamed)';
    try {
      const document = parse(route.operation);
      const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
      name = operations[0]?.name?.value ?? name;
      errors = operations.length === 1 ? validate(schema, document, specifiedRules) : [new GraphQLError(`holds ${operations.length} operations, not one`)];
    } catch (error) {
      errors = [error instanceof GraphQLError ? error : new GraphQLError(String(error))];
    }
    for (const error of errors) problems.push(`${routeName(route)} → ${name}: ${error.message}`);
  }
  return problems;
}

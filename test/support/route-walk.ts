import {
  visit,
  buildASTSchema,
  getNamedType,
  GraphQLInputType,
  GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  Kind,
  OperationDefinitionNode,
  parse,
  typeFromAST,
} from 'graphql';
import { RouteEntry } from '../../gateway/rest/route';
import { readCheckedInSupergraph } from '../../schema/compose';

/**
 * The checked-in supergraph with its directives (@scopes, @pbac, @public …) on every field's AST,
 * without its @inaccessible fields (@internal ones: not in the public schema, callers cannot ask for them).
 */
export const supergraph: GraphQLSchema = buildASTSchema(
  visit(parse(readCheckedInSupergraph()), {
    FieldDefinition: (node) => (node.directives?.some((d) => d.name.value === 'inaccessible') ? null : undefined),
  }),
  { assumeValidSDL: true },
);

export function operationOf(route: RouteEntry): OperationDefinitionNode {
  return parse(route.operation).definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
}

/** The smallest value GraphQL accepts for an input type: every required field with a plausible value. */
export function minimalInput(type: GraphQLInputType): unknown {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return [minimalInput(inner.ofType)];
  if (isInputObjectType(inner)) {
    const fields = Object.values(inner.getFields()).filter((f) => isNonNullType(f.type) && f.defaultValue === undefined);
    return Object.fromEntries(fields.map((f) => [f.name, minimalInput(f.type)]));
  }
  const named = getNamedType(inner);
  if (isEnumType(named)) return named.getValues()[0].value;
  return { Int: 1, Float: 1, Boolean: true, DateTimeISO: '2030-01-01T10:00:00.000Z', JSONObject: {} }[named.name] ?? 'x';
}

/** A body that passes GraphQL validation for the route's `$input`, or undefined when it takes none. */
export function minimalBodyOf(route: RouteEntry): unknown {
  const input = operationOf(route).variableDefinitions?.find((v) => v.variable.name.value === 'input');
  return input ? minimalInput(typeFromAST(supergraph, input.type as never) as GraphQLInputType) : undefined;
}

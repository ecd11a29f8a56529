import {
  visit,
  buildASTSchema,
  getNamedType,
  GraphQLField,
  GraphQLInputType,
  GraphQLOutputType,
  GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  Lexer,
  OperationDefinitionNode,
  parse,
  Source,
  TokenKind,
  typeFromAST,
} from 'graphql';
import { DEFAULT_LIMITS } from '../../gateway/operation-limits/limits';
import { RouteEntry } from '../../gateway/rest/route';
import { readCheckedInSupergraph } from '../../schema/compose';
import { internalSupergraphOf } from '../../platform/internal-supergraph';

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

/**
 * The schema the REST façade's operations run on (the gateway's internal API schema, gateway/gateway.ts): the
 * checked-in supergraph with every field, REST-only shapes (`legacyCreateBooking`, @inaccessible) included.
 */
export const facadeSchema: GraphQLSchema = buildASTSchema(parse(internalSupergraphOf(readCheckedInSupergraph())), { assumeValidSDL: true });

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

/** The root field a route's operation calls. */
export function rootFieldOf(route: RouteEntry): string {
  const selection = operationOf(route).selectionSet.selections[0];
  return selection.kind === Kind.FIELD ? selection.name.value : '';
}

/** A root field of the supergraph (Query or Mutation) by name. */
export function rootDefinition(name: string): GraphQLField<unknown, unknown> | undefined {
  return supergraph.getQueryType()!.getFields()[name] ?? supergraph.getMutationType()!.getFields()[name];
}

/**
 * A field anyone may call by design (@public: booking, cancelling, rescheduling, slots). A field public only with an
 * argument (`@public(when: "args.username")`) is not: without that argument its other rules apply, and the walks call it so.
 */
export const isPublicField = (field: GraphQLField<unknown, unknown> | undefined) =>
  !!field?.astNode?.directives?.some((d) => d.name.value === 'public' && !d.arguments?.some((a) => a.name.value === 'when'));

/** Every field of the answer, objects followed `depth` levels down (fields with required arguments left out). */
export function selectionOf(type: GraphQLOutputType, depth: number): string {
  const named = getNamedType(type);
  if (!isObjectType(named)) return '';
  if (depth === 0) return '{ __typename }';
  const fields = Object.values(named.getFields()).filter((f) => f.args.every((a) => !isNonNullType(a.type)));
  return `{ __typename ${fields.map((f) => `${f.name} ${selectionOf(f.type, depth - 1)}`).join(' ')} }`;
}

export function tokenCount(text: string): number {
  const lexer = new Lexer(new Source(text));
  let count = 0;
  while (lexer.advance().kind !== TokenKind.EOF) count += 1;
  return count;
}

/** The deepest selection (up to `depth`) that keeps the probe (selection plus a few hundred tokens of arguments) under the gateway's token limit. */
export function selectionWithinTokenLimit(type: GraphQLOutputType, depth: number, maxTokens = DEFAULT_LIMITS.maxTokens - 200): string {
  for (let d = depth; d > 0; d--) {
    const selection = selectionOf(type, d);
    if (tokenCount(selection) <= maxTokens) return selection;
  }
  return selectionOf(type, 0);
}

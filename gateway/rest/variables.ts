import {
  getNamedType,
  GraphQLInputObjectType,
  GraphQLInputType,
  GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  typeFromAST,
  VariableDefinitionNode,
} from 'graphql';
import { RestError } from './errors';

export interface VariableSpec {
  name: string;
  type: GraphQLInputType;
  required: boolean;
  source: 'path' | 'query' | 'body';
}

/** Where each variable of a route's operation comes from: `{x}` in the path, the JSON body for `$input`, else the query string. */
export function variableSpecs(schema: GraphQLSchema, definitions: readonly VariableDefinitionNode[], pathParams: string[]): VariableSpec[] {
  return definitions.map((definition) => {
    const name = definition.variable.name.value;
    const type = typeFromAST(schema, definition.type as never) as GraphQLInputType;
    const source = pathParams.includes(name) ? 'path' : name === 'input' ? 'body' : 'query';
    return { name, type, required: isNonNullType(type), source };
  });
}

/** A path or query string value in the variable's GraphQL type; a clear 400 naming the parameter otherwise. */
export function coerceParameter(spec: VariableSpec, raw: unknown): unknown {
  const type = isNonNullType(spec.type) ? spec.type.ofType : spec.type;
  if (isListType(type)) {
    const items = (Array.isArray(raw) ? raw : String(raw).split(',')).map((item) => item.trim()).filter(Boolean);
    return items.map((item) => coerceScalar(spec.name, getNamedType(type).name, item));
  }
  return coerceScalar(spec.name, getNamedType(type).name, Array.isArray(raw) ? raw[raw.length - 1] : raw);
}

function coerceScalar(name: string, typeName: string, raw: unknown): unknown {
  const text = String(raw);
  switch (typeName) {
    case 'Int':
      if (!/^-?\d+$/.test(text)) throw new RestError(400, `${name} must be an integer, got "${text}"`);
      return Number(text);
    case 'Float':
      if (text.trim() === '' || Number.isNaN(Number(text))) throw new RestError(400, `${name} must be a number, got "${text}"`);
      return Number(text);
    case 'Boolean':
      if (text !== 'true' && text !== 'false') throw new RestError(400, `${name} must be true or false, got "${text}"`);
      return text === 'true';
    default:
      return text;
  }
}

/**
 * Keeps only the fields the input type declares, as the REST API has always ignored unknown body
 * properties; the values themselves are checked by GraphQL coercion and the subgraph's rules.
 */
export function knownFields(value: unknown, type: GraphQLInputType): unknown {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (value === null || value === undefined) return value;
  if (isListType(inner)) return Array.isArray(value) ? value.map((item) => knownFields(item, inner.ofType)) : value;
  if (isInputObjectType(inner) && typeof value === 'object' && !Array.isArray(value)) {
    const fields = (inner as GraphQLInputObjectType).getFields();
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => key in fields)
        .map(([key, field]) => [key, knownFields(field, fields[key].type)]),
    );
  }
  if (isScalarType(inner) || isEnumType(inner)) return value;
  return value;
}

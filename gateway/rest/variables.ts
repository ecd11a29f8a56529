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

/** A query variable that is a list of input objects: written `name[0][field]=…&name[1][field]=…` (the reference's deep-object style). */
export function isObjectListParameter(spec: VariableSpec): boolean {
  const type = isNonNullType(spec.type) ? spec.type.ofType : spec.type;
  return spec.source === 'query' && isListType(type) && isInputObjectType(getNamedType(type));
}

/**
 * The list a deep-object query parameter writes (`calendarsToLoad[0][credentialId]=7&calendarsToLoad[0][externalId]=x`),
 * each field (a scalar) coerced to its declared type; undefined when the query has none of its keys. Entries are numbered from 0
 * without gaps, every required field is sent, no other field is: otherwise a 400 naming the key.
 */
export function deepObjectList(spec: VariableSpec, query: Record<string, unknown>): Record<string, unknown>[] | undefined {
  const itemType = getNamedType(spec.type) as GraphQLInputObjectType;
  const fields = itemType.getFields();
  const names = Object.keys(fields);
  const shape = `${spec.name}[0][${names[0]}]=…`;
  if (query[spec.name] !== undefined) throw new RestError(400, `${spec.name} must be an array, written ${shape}`);
  const items: Array<Record<string, unknown>> = [];
  for (const [key, raw] of Object.entries(query)) {
    if (!key.startsWith(`${spec.name}[`)) continue;
    const match = /^\[(\d{1,4})\]\[(\w+)\]$/.exec(key.slice(spec.name.length));
    if (!match) throw new RestError(400, `${key} is not a parameter of this route: ${spec.name} is written ${shape}`);
    const [, index, field] = match;
    if (!Object.hasOwn(fields, field)) throw new RestError(400, `${key} is not a parameter of this route: ${spec.name} entries have ${names.join(', ')}`);
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    (items[Number(index)] ??= {})[field] = coerceScalar(key, getNamedType(fields[field].type).name, value);
  }
  if (!items.length) return undefined;
  for (let i = 0; i < items.length; i++) {
    if (!items[i]) throw new RestError(400, `${spec.name}[${i}] is missing: ${spec.name} entries are numbered from 0 without gaps`);
    const absent = names.find((name) => isNonNullType(fields[name].type) && items[i][name] === undefined);
    if (absent) throw new RestError(400, `${spec.name}[${i}][${absent}] is required`);
  }
  return items;
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

import {
  DocumentNode,
  getNamedType,
  getNullableType,
  GraphQLError,
  GraphQLInputType,
  GraphQLSchema,
  isInputObjectType,
  isListType,
  isScalarType,
  Kind,
  OperationDefinitionNode,
  TypeInfo,
  typeFromAST,
  valueFromASTUntyped,
  ValueNode,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import { DEFAULT_MAX_ITEMS, DEFAULT_MAX_STRING, JSON_LIMITS, MAX_ITEMS, MAX_STRING, NOT_NULL } from './input-rules';

/** A 400 naming the field the client sent (REST bodies fill `$input`, so its fields are named without it). */
function refused(path: string, message: string): GraphQLError {
  const field = path || 'body';
  return new GraphQLError(`${field}: ${message}`, { extensions: { code: 'BAD_USER_INPUT', field, http: { status: 400 } } });
}

function join(path: string, field: string): string {
  return path ? `${path}.${field}` : field;
}

/** A UTF-16 surrogate without its pair: no Unicode character, so no UTF-8 encoding (PostgreSQL's jsonb refuses its `\ud800` escape). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function checkString(value: string, path: string, maxLength: number): void {
  if (value.includes('\u0000')) throw refused(path, 'must not contain NUL characters (\\u0000)');
  if (LONE_SURROGATE.test(value)) throw refused(path, 'must be valid Unicode: a lone UTF-16 surrogate (\\ud800–\\udfff without its pair) is not a character');
  if (value.length > maxLength) throw refused(path, `must be at most ${maxLength} characters long (got ${value.length})`);
}

/** A JSON scalar's value: no NUL anywhere (PostgreSQL's jsonb refuses it), bounded keys, strings, depth and size. */
function checkJson(value: unknown, path: string, limits: { maxKeys: number; maxKeyLength: number; maxString: number }, depth = 0): void {
  if (depth > JSON_LIMITS.maxDepth) throw refused(path, `must not nest deeper than ${JSON_LIMITS.maxDepth} levels`);
  if (typeof value === 'string') return checkString(value, path, limits.maxString);
  if (Array.isArray(value)) {
    if (value.length > JSON_LIMITS.maxItems) throw refused(path, `must have at most ${JSON_LIMITS.maxItems} items (got ${value.length})`);
    value.forEach((item, i) => checkJson(item, `${path}[${i}]`, limits, depth + 1));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const entries = Object.entries(value);
  if (entries.length > limits.maxKeys) throw refused(path, `must have at most ${limits.maxKeys} keys (got ${entries.length})`);
  for (const [key, item] of entries) {
    checkString(key, join(path, key), limits.maxKeyLength);
    checkJson(item, join(path, key), limits, depth + 1);
  }
}

/**
 * One value of an input type (a variable's value, as the client sent it) against the declared rules.
 * `key` is the rule's name for this position (`CreateEventTypeInput.slug`, `Query.booking.uid`).
 */
function checkValue(value: unknown, type: GraphQLInputType, path: string, key: string): void {
  if (value === null || value === undefined) return;
  const inner = getNullableType(type) as GraphQLInputType;
  if (isListType(inner)) {
    if (!Array.isArray(value)) return checkValue(value, inner.ofType, path, key); // GraphQL coerces one item into a list
    const max = MAX_ITEMS[key] ?? DEFAULT_MAX_ITEMS;
    if (value.length > max) throw refused(path, `must have at most ${max} items (got ${value.length})`);
    value.forEach((item, i) => checkValue(item, inner.ofType, `${path}[${i}]`, key));
    return;
  }
  if (isInputObjectType(inner)) {
    if (typeof value !== 'object' || Array.isArray(value)) return; // coercion reports the wrong shape
    const fields = inner.getFields();
    for (const [name, field] of Object.entries(value as Record<string, unknown>)) {
      if (!fields[name]) continue;
      const fieldKey = `${inner.name}.${name}`;
      if (field === null && NOT_NULL.has(fieldKey)) throw refused(join(path, name), 'must not be null (omit it to keep the current value)');
      checkValue(field, fields[name].type, join(path, name), fieldKey);
    }
    return;
  }
  if (typeof value === 'string') return checkString(value, path, MAX_STRING[key] ?? DEFAULT_MAX_STRING);
  if (isScalarType(inner) && typeof value === 'object') checkJson(value, path, key.endsWith('.metadata') ? JSON_LIMITS.metadata : JSON_LIMITS.other);
}

/** Values written into the document itself (`createEventType(input: {slug: "…"})`), with the rule of their position. */
function checkLiterals(schema: GraphQLSchema, document: DocumentNode): void {
  const typeInfo = new TypeInfo(schema);
  const check = (node: ValueNode, key: string, path: string) => {
    if (node.kind === Kind.VARIABLE) return; // checked with the variables
    const type = typeInfo.getInputType();
    if (node.kind === Kind.NULL && NOT_NULL.has(key)) throw refused(path, 'must not be null (omit it to keep the current value)');
    if (node.kind === Kind.OBJECT && type && isInputObjectType(getNamedType(type))) return; // its fields are visited one by one
    if (type) checkValue(valueFromASTUntyped(node), type, path, key);
  };
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Argument(node) {
        const parent = typeInfo.getParentType();
        const field = typeInfo.getFieldDef();
        if (parent && field) check(node.value, `${parent.name}.${field.name}.${node.name.value}`, node.name.value);
      },
      ObjectField(node) {
        const parent = typeInfo.getParentInputType();
        const named = parent && getNamedType(parent);
        if (named && isInputObjectType(named)) check(node.value, `${named.name}.${node.name.value}`, node.name.value);
      },
    }),
  );
}

/**
 * Refuses, with a 400 naming the field, what PostgreSQL would refuse or what would cost more than it
 * is worth: NUL characters, lone surrogates, strings and lists over their declared sizes, oversized JSON, `null` for a
 * field that may only be omitted. Called once the operation is known, before planning and cost.
 */
export function checkInputLimits(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables: Record<string, unknown>): void {
  for (const { name, type, key } of variablesOf(schema, document, operation)) checkValue(variables[name], type, name === 'input' ? '' : name, key);
}

/** A variable of the operation, with its input type and the rule's name for its position. */
interface VariableRule {
  name: string;
  type: GraphQLInputType;
  key: string;
}

/**
 * What depends on the document alone, worked out once per parsed document (Apollo hands the same
 * DocumentNode to every request of the same query text, the REST routes' above all): its literals
 * checked, and each variable's type and rule key.
 */
const documentRules = new WeakMap<DocumentNode, Map<OperationDefinitionNode, VariableRule[]>>();

function variablesOf(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): VariableRule[] {
  let operations = documentRules.get(document);
  if (!operations) {
    checkLiterals(schema, document); // throws for a document that is refused: it is not remembered
    operations = new Map();
    documentRules.set(document, operations);
  }
  let rules = operations.get(operation);
  if (!rules) {
    const root = operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
    const keys = argumentKeys(document, root?.name);
    rules = (operation.variableDefinitions ?? []).flatMap((definition) => {
      const name = definition.variable.name.value;
      const type = typeFromAST(schema, definition.type as never) as GraphQLInputType | undefined;
      return type ? [{ name, type, key: keys.get(name) ?? name }] : [];
    });
    operations.set(operation, rules);
  }
  return rules;
}

/** `Query.booking.uid` for `$uid` when the operation passes it as `booking(uid: $uid)`, for every variable so passed. */
function argumentKeys(document: DocumentNode, rootName: string | undefined): Map<string, string> {
  const keys = new Map<string, string>();
  visit(document, {
    Field(field) {
      for (const argument of field.arguments ?? []) {
        if (argument.value.kind === Kind.VARIABLE) keys.set(argument.value.name.value, `${rootName}.${field.name.value}.${argument.name.value}`);
      }
    },
  });
  return keys;
}

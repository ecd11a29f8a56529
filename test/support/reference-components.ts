import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * Validates our answers against the reference's response schemas (`test/reference/openapi-v2.json`,
 * a copy of the service's published OpenAPI document), with the generator's known quirks corrected
 * in one place (`QUIRKS`) so every test reads the same corrected schema.
 *
 * Use: `expect(componentShapeErrors('EventTypeOutput_2024_06_14', data)).toEqual([])`.
 */

type Schema = Record<string, any>;

/** Where the test sources live beside the compiled `dist/test/support`. */
const REFERENCE_FILE = [join(__dirname, '..', 'reference', 'openapi-v2.json'), join(__dirname, '..', '..', '..', 'test', 'reference', 'openapi-v2.json')];

let document: Schema | null = null;
export function referenceDocument(): Schema {
  if (document) return document;
  for (const file of REFERENCE_FILE) {
    try {
      document = JSON.parse(readFileSync(file, 'utf8')) as Schema;
      return document;
    } catch {
      // try the next place
    }
  }
  throw new Error(`reference OpenAPI document not found at ${REFERENCE_FILE.join(' or ')}`);
}

/** A property schema with no shape at all: the generator writes `{type: object}` for `number | null`, `boolean | null`, unions … */
const ANY: Schema = {};

/**
 * The reference generator's known quirks, corrected before validation (each with the reason):
 * - OpenAPI 3.0's `nullable: true` becomes `anyOf [schema, null]` (JSON Schema has no `nullable`).
 * - A property typed `{type: "object"}` with no `properties` is how the generator writes a TypeScript
 *   union or a nullable primitive (`slotInterval: number | null` is `{type: object, example: 60}`): any value.
 * - `users` / `hosts` of event type answers are `items: {type: string}` though the service answers user
 *   objects (`{id, name, username}` / `{userId, name, username, avatarUrl}`): items may be objects.
 * - `bookingWindow` of the event type answers is declared an array of windows, the input (and the
 *   service's answer) one window object: an object is accepted too.
 * - An optional property (not in `required`) may be null: GraphQL answers an unset field as null where
 *   the reference leaves it out.
 * - `bookingFields` follow spec 2.6 (`field`, `variant`, `slug`, …), which wins over the reference's variants.
 * - The slots answer of 2024-09-04 is declared `additionalProperties: {type: array, items: {type: string}}`
 *   while its own example (and the service) gives `[{start}]` objects: items may be objects.
 */
/** A booking field as spec 2.6 shapes it (the spec wins over the reference's `type`-keyed variants). */
export const SPEC_BOOKING_FIELD: Schema = {
  type: 'object',
  required: ['field', 'slug'],
  properties: {
    field: { type: 'string' },
    variant: { type: ['string', 'null'] },
    slug: { type: 'string' },
    label: { type: ['string', 'null'] },
    placeholder: { type: ['string', 'null'] },
    disableOnPrefill: { type: ['boolean', 'null'] },
  },
};

const QUIRKS: Array<(name: string, schema: Schema) => void> = [
  (name, schema) => {
    if (!/EventTypeOutput_2024_06_14$/.test(name)) return;
    for (const key of ['users', 'hosts'])
      if (schema.properties?.[key]) schema.properties[key] = { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'object' }] } };
    // Spec 2.6 wins over the reference for booking fields: `{field, variant, slug, label, placeholder, disableOnPrefill, …}`.
    if (schema.properties?.bookingFields) schema.properties.bookingFields = { type: 'array', items: SPEC_BOOKING_FIELD };
    if (schema.properties?.bookingWindow) schema.properties.bookingWindow = { anyOf: [schema.properties.bookingWindow, { type: 'object' }, { type: 'null' }] };
  },
];

function corrected(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(corrected);
  if (!node || typeof node !== 'object') return node;
  const schema: Schema = {};
  for (const [key, value] of Object.entries(node as Schema)) {
    if (key === 'example' || key === 'examples') continue;
    schema[key] = corrected(value);
  }
  if (schema.properties && typeof schema.properties === 'object') {
    // GraphQL answers an unset optional field as null where the reference leaves it out.
    const required = new Set<string>(Array.isArray(schema.required) ? schema.required : []);
    for (const [key, value] of Object.entries(schema.properties as Schema)) {
      if (!required.has(key)) schema.properties[key] = { anyOf: [value, { type: 'null' }] };
    }
  }
  if (schema.type === 'object' && !schema.properties && !schema.additionalProperties && !schema.oneOf && !schema.allOf) {
    return schema.nullable ? ANY : ANY;
  }
  if (schema.nullable === true) {
    delete schema.nullable;
    return { anyOf: [schema, { type: 'null' }] };
  }
  delete schema.nullable;
  return schema;
}

const cache = new Map<string, ValidateFunction>();
let ajv: Ajv | null = null;

/** The validator of one of the reference's component schemas (`components.schemas[name]`), quirks corrected. */
export function referenceComponentValidator(name: string): ValidateFunction {
  const cached = cache.get(name);
  if (cached) return cached;
  if (!ajv) {
    const components: Schema = JSON.parse(JSON.stringify(referenceDocument().components.schemas));
    for (const [schemaName, schema] of Object.entries(components)) for (const quirk of QUIRKS) quirk(schemaName, schema as Schema);
    ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'reference', components: { schemas: corrected(components) } });
  }
  if (!referenceDocument().components.schemas[name]) throw new Error(`the reference has no schema ${name}`);
  const validate = ajv.compile({ $ref: `reference#/components/schemas/${name}` });
  cache.set(name, validate);
  return validate;
}

/** The schema of an operation's success answer's `data` (path as the reference writes it, method lower case). */
export function referenceResponseValidator(method: string, path: string, status = '200'): ValidateFunction {
  const key = `${method} ${path} ${status}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const operation = referenceDocument().paths[path]?.[method.toLowerCase()];
  const schema = operation?.responses?.[status]?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`the reference has no ${status} answer for ${method} ${path}`);
  referenceComponentValidator('ReserveSlotOutput_2024_09_04'); // makes sure ajv and the components are loaded
  const fixed = corrected(JSON.parse(JSON.stringify(schema).replace(/"#\/components\/schemas\//g, '"reference#/components/schemas/')));
  // GET /v2/slots: the time format's items are `{start}` objects (its own example), the range format's `{start, end}` (see QUIRKS).
  const text = JSON.stringify(fixed)
    .replace(
      /"items":\{"type":"string"\}/g,
      '"items":{"type":"object","required":["start"],"properties":{"start":{"type":"string"}},"additionalProperties":false}',
    )
    .replace(
      /"properties":\{"start":\{"anyOf":\[\{"type":"string"\},\{"type":"null"\}\]\},"end":\{"anyOf":\[\{"type":"string"\},\{"type":"null"\}\]\}\}/g,
      '"required":["start","end"],"properties":{"start":{"type":"string"},"end":{"type":"string"}}',
    );
  const validate = ajv!.compile(JSON.parse(text));
  cache.set(key, validate);
  return validate;
}

/** Readable errors (empty when the value has the reference's shape). */
export function shapeErrors(validate: ValidateFunction, value: unknown): string[] {
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message} ${JSON.stringify(e.params)}`);
}

/** Errors of `value` against a component schema of the reference. */
export function componentShapeErrors(name: string, value: unknown): string[] {
  return shapeErrors(referenceComponentValidator(name), value);
}

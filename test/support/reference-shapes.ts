import Ajv, { ValidateFunction } from 'ajv';
import reference from './reference-schemas.json';

/**
 * Checks answers against the reference document's response schemas (test/support/reference-schemas.json,
 * copied from shared/reference/openapi-v2.json). The reference marks few properties nullable although
 * the service answers `null` for unset optional values, so every optional property is checked as
 * "its type or null"; required properties and every type are checked as written. `notKept` names
 * required properties the service does not keep (each test says why).
 */
type Schema = Record<string, any>;
const schemas = (reference as { schemas: Record<string, Schema> }).schemas;

function lenient(schema: Schema, notKept: string[]): Schema {
  if (Array.isArray(schema)) return schema.map((s) => lenient(s, notKept));
  if (!schema || typeof schema !== 'object') return schema;
  const copy: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref') copy.$ref = `#/definitions/${String(value).split('/').pop()}`;
    else if (key === 'example') continue;
    else copy[key] = typeof value === 'object' ? lenient(value, notKept) : value;
  }
  if (copy.properties) {
    const required = new Set<string>((copy.required ?? []).filter((name: string) => !notKept.includes(name)));
    copy.required = [...required];
    for (const [name, property] of Object.entries<Schema>(copy.properties)) {
      if (!required.has(name)) copy.properties[name] = { anyOf: [property, { type: 'null' }] };
    }
  }
  return copy;
}

const cache = new Map<string, ValidateFunction>();

/** The ways `value` departs from the reference schema `name` (empty when it fits). */
export function referenceShapeErrors(name: string, value: unknown, notKept: string[] = []): string[] {
  const key = `${name}|${notKept.join(',')}`;
  if (!cache.has(key)) {
    const definitions = Object.fromEntries(Object.entries(schemas).map(([n, s]) => [n, lenient(s, notKept)]));
    const ajv = new Ajv({ strict: false, allErrors: true });
    cache.set(key, ajv.compile({ definitions, $ref: `#/definitions/${name}` }));
  }
  const validate = cache.get(key)!;
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
}

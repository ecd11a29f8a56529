import { referenceDocument } from './reference-components';
import { referenceShapeProblems } from './reference-shapes';
import { TestStack } from './stack';

/** One operation of the reference document, keyed `METHOD /v2/path` as the reference writes its path. */
export interface ReferenceOperation {
  key: string;
  method: string;
  path: string;
}

/** The reference's operations carrying one of `tags`, in document order. */
export function referenceOperationsOf(tags: string[]): ReferenceOperation[] {
  const operations: ReferenceOperation[] = [];
  for (const [path, methods] of Object.entries<Record<string, any>>(referenceDocument().paths)) {
    for (const [method, operation] of Object.entries<any>(methods)) {
      if (!Array.isArray(operation?.tags) || !operation.tags.some((tag: string) => tags.includes(tag))) continue;
      operations.push({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path });
    }
  }
  return operations;
}

/** The `svc-api-version` the reference's operation asks for (its `cal-api-version` header's default). */
export function referenceVersion(method: string, path: string): string | undefined {
  const parameters: any[] = referenceDocument().paths[path]?.[method.toLowerCase()]?.parameters ?? [];
  return parameters.find((p) => p.in === 'header' && /api-version$/.test(p.name))?.schema?.default;
}

/** What one call of an operation gave: its status and how its answer departs from the reference (empty: it fits). */
export interface ReferenceOutcome {
  status: number;
  problems: string[];
}

export interface ReferenceCallOptions {
  key?: string;
  body?: unknown;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
}

/**
 * A caller of reference operations on `stack()`: `call(METHOD, template, params, options)` fills the
 * template's `{params}`, sends the reference's version header (or `versions[key]`), records in `outcomes`
 * whether the answer is a 2xx in the reference's shape, and answers the body's `data`.
 */
export function referenceCaller(stack: () => TestStack, outcomes: Map<string, ReferenceOutcome>, versions: Record<string, string> = {}) {
  return async function call(method: string, template: string, params: Record<string, string | number>, options: ReferenceCallOptions = {}): Promise<any> {
    const key = `${method} ${template}`;
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      if (params[name] === undefined) throw new Error(`${key}: no value for {${name}}`);
      return encodeURIComponent(String(params[name]));
    });
    const query = options.query ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]): [string, string] => [k, String(v)]))}` : '';
    const version = versions[key] ?? referenceVersion(method, template);
    const headers = { ...(version ? { 'svc-api-version': version } : {}), ...options.headers };
    const response = await stack().rest(method, `${path}${query}`, { key: options.key, body: options.body, headers });
    const problems =
      response.status >= 200 && response.status < 300
        ? referenceShapeProblems(method, template, response.body)
        : [`HTTP ${response.status}: ${JSON.stringify(response.body).slice(0, 500)}`];
    outcomes.set(key, { status: response.status, problems });
    return response.body?.data;
  };
}

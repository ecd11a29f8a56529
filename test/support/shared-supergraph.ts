import { Schema, Supergraph } from '@apollo/federation-internals';
import type { GraphQLSchema } from 'graphql';

/**
 * Each of a test worker's ~70 stacks starts two Apollo gateways (public and internal) from the same checked-in
 * supergraph SDL, and each gateway parses, validates and derives its API schema and subgraphs from that text:
 * ~0.9 s of CPU per stack, the largest share of a stack's start once the subgraph schemas are built once per process
 * (platform/build-schema.ts). In the tests only, `Supergraph.build` answers the same text with the same
 * Supergraph: it keeps those derivations itself (apiSchema, subgraphs) and nothing writes to it; and the graphql-js
 * schemas a gateway makes of a kept Supergraph's schemas are made once too (read-only to the gateway and Apollo
 * Server, which key their caches by them). Each gateway still builds its own query planner. Production processes build one gateway of each
 * kind, so there is nothing to share there: the product keeps the library as it is.
 */
type Build = typeof Supergraph.build;
const build: Build = Supergraph.build.bind(Supergraph);
const built = new Map<string, Supergraph>();

/**
 * The builds asked of the library through here, and how many were answered with a kept one: a gateway that stopped
 * calling `Supergraph.build` through the export would leave `asked` still (test/backbone/nested-query.test.ts checks it).
 */
export const sharedSupergraphs = { asked: 0, reused: 0 };

Supergraph.build = ((sdl, options) => {
  sharedSupergraphs.asked += 1;
  if (typeof sdl !== 'string' || options?.supportedFeatures !== undefined) return build(sdl, options);
  const key = `${options?.validateSupergraph ?? 'default'}\n${sdl}`;
  const kept = built.get(key);
  if (kept) {
    sharedSupergraphs.reused += 1;
    return kept;
  }
  const supergraph = build(sdl, options);
  built.set(key, supergraph);
  keptSchemas.add(supergraph.schema);
  keptSchemas.add(supergraph.apiSchema());
  return supergraph;
}) as Build;

type ToGraphQLJSSchema = Schema['toGraphQLJSSchema'];
const keptSchemas = new WeakSet<Schema>();
const graphqlJsSchemas = new WeakMap<Schema, Map<string, GraphQLSchema>>();
const toGraphQLJSSchema: ToGraphQLJSSchema = Schema.prototype.toGraphQLJSSchema;
Schema.prototype.toGraphQLJSSchema = function (this: Schema, config) {
  if (!keptSchemas.has(this)) return toGraphQLJSSchema.call(this, config);
  let byConfig = graphqlJsSchemas.get(this);
  if (!byConfig) graphqlJsSchemas.set(this, (byConfig = new Map()));
  const key = JSON.stringify(config ?? {});
  let schema = byConfig.get(key);
  if (!schema) byConfig.set(key, (schema = toGraphQLJSSchema.call(this, config)));
  return schema;
};

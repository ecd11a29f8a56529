import { buildSubgraphSchema, printSubgraphSchema } from '@apollo/subgraph';
import { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper';
import { getDocumentNodeFromSchema } from '@graphql-tools/utils';
import { concatAST, DirectiveNode, DocumentNode, FieldDefinitionNode, GraphQLSchema, Kind, parse, TypeNode, visit } from 'graphql';
import { buildSchema, createResolversMap, getMetadataStorage, NonEmptyArray } from 'type-graphql';
import { applyAuthzDirectives, AUTHZ_DIRECTIVE_NAMES, AUTHZ_DIRECTIVES_SDL, AUTHZ_SPEC_URL } from './authz-directives';
import type { ClassType } from './class-type';
import { validateArguments } from './validation';

export interface SchemaDefinition {
  resolvers: NonEmptyArray<ClassType>;
  /** `__resolveReference` per entity type, keyed by type name. */
  referenceResolvers: GraphQLResolverMap<unknown>;
  /** Types no resolver returns directly (entity stubs of other subgraphs). */
  orphanedTypes?: ClassType[];
}

const FEDERATION_LINK =
  '@link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key", "@shareable", "@external", "@requires", "@composeDirective", "@inaccessible"])';
const authzImports = AUTHZ_DIRECTIVE_NAMES.map((name) => `"@${name}"`).join(', ');
const AUTHZ_LINK = `@link(url: "${AUTHZ_SPEC_URL}", import: [${authzImports}])`;
const COMPOSE = AUTHZ_DIRECTIVE_NAMES.map((name) => `@composeDirective(name: "@${name}")`).join(' ');

const INACCESSIBLE: DirectiveNode = { kind: Kind.DIRECTIVE, name: { kind: Kind.NAME, value: 'inaccessible' }, arguments: [] };

function namedType(type: TypeNode): string {
  return type.kind === Kind.NAMED_TYPE ? type.name.value : namedType(type.type);
}

const isHidden = (node: FieldDefinitionNode) => node.directives?.some((d) => d.name.value === 'internal' || d.name.value === 'inaccessible') ?? false;

/** Where a type is named: in a field (its type or an argument's) or an input field of `owner`; `hiddenField` when that field is hidden. */
interface TypeUse {
  owner: string;
  hiddenField: boolean;
}

/**
 * Every @internal field is also @inaccessible (Federation 2): it stays out of the public API schema
 * (introspection, schema/api.graphql, codegen), as does a field the code marks `@inaccessible` itself (a shape
 * only the REST façade asks for, such as the older POST /v2/bookings body). So do the types only hidden
 * elements name: object types only hidden fields return (ResolvedCredential, TeamRoster), input types and
 * enums and scalars only their arguments or hidden input types take (LegacyCreateBookingInput, LegacyAttendeeName). The gateway reaches them
 * all through its internal schema (platform/internal-supergraph.ts).
 */
export function markInternalInaccessible(document: DocumentNode): DocumentNode {
  const uses = new Map<string, TypeUse[]>();
  const use = (type: TypeNode, owner: string, hiddenField: boolean) => {
    const name = namedType(type);
    uses.set(name, [...(uses.get(name) ?? []), { owner, hiddenField }]);
  };
  for (const definition of document.definitions) {
    if (
      definition.kind === Kind.OBJECT_TYPE_DEFINITION ||
      definition.kind === Kind.OBJECT_TYPE_EXTENSION ||
      definition.kind === Kind.INTERFACE_TYPE_DEFINITION
    ) {
      for (const field of definition.fields ?? []) {
        use(field.type, definition.name.value, isHidden(field));
        for (const arg of field.arguments ?? []) use(arg.type, definition.name.value, isHidden(field));
      }
    } else if (definition.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION) {
      for (const field of definition.fields ?? []) use(field.type, definition.name.value, false);
    } else if (definition.kind === Kind.DIRECTIVE_DEFINITION) {
      for (const arg of definition.arguments ?? []) use(arg.type, `@${definition.name.value}`, false);
    } else if (definition.kind === Kind.UNION_TYPE_DEFINITION) {
      for (const member of definition.types ?? []) use(member, definition.name.value, false);
    }
  }
  // A type is hidden when every place that names it is hidden: a hidden field, or a type hidden in turn.
  const hidden = new Set<string>();
  for (let grew = true; grew;) {
    grew = false;
    for (const [name, places] of uses) {
      if (!hidden.has(name) && places.every((p) => p.hiddenField || hidden.has(p.owner))) {
        hidden.add(name);
        grew = true;
      }
    }
  }
  const mark = <T extends { directives?: readonly DirectiveNode[] }>(node: T): T | undefined =>
    node.directives?.some((d) => d.name.value === 'inaccessible') ? undefined : { ...node, directives: [...(node.directives ?? []), INACCESSIBLE] };
  const markHidden = <T extends { name: { value: string }; directives?: readonly DirectiveNode[] }>(node: T): T | undefined =>
    hidden.has(node.name.value) ? mark(node) : undefined;
  return visit(document, {
    FieldDefinition: (node) => (isHidden(node) ? mark(node) : undefined),
    ObjectTypeDefinition: markHidden,
    InputObjectTypeDefinition: markHidden,
    EnumTypeDefinition: markHidden,
    ScalarTypeDefinition: markHidden,
  });
}

function mergeResolverMaps(a: Record<string, object>, b: Record<string, object>): GraphQLResolverMap<unknown> {
  const merged: Record<string, object> = { ...a };
  for (const [type, fields] of Object.entries(b)) merged[type] = { ...(merged[type] ?? {}), ...fields };
  return merged as GraphQLResolverMap<unknown>;
}

/**
 * Plain property fields (no field resolver, middleware, `@Authorized` or renamed schema name) are left
 * to graphql-js's default resolver, as type-graphql's own `simple: true` does: otherwise type-graphql
 * gives every field a resolver closure that only reads the property, and a 20-item event type list
 * runs ~1,200 of them (docs/performance.md, change 14). Fields that say `simple: false` keep theirs.
 */
export function resolvePlainFieldsByDefault(): void {
  const storage = getMetadataStorage();
  const guarded = [...storage.middlewares, ...storage.authorizedFields];
  const explicit = new Set(storage.objectTypes.filter((type) => type.simpleResolvers !== undefined).map((type) => type.target));
  for (const field of storage.fields) {
    if (field.simple !== undefined || field.schemaName !== field.name || explicit.has(field.target)) continue;
    if (guarded.some((g) => g.target === field.target && g.fieldName === field.name)) continue;
    // A field resolver, where there is one, still wins over `simple` (type-graphql's schema generator).
    field.simple = true;
  }
}

/**
 * type-graphql classes → SDL with federation and authorization directives → Apollo subgraph schema,
 * with every @scopes/@pbac/@ownData/@internal field wrapped by the one enforcing transformer.
 */
export function buildFederatedSchema(definition: SchemaDefinition): Promise<GraphQLSchema> {
  let built = builtSchemas.get(definition);
  if (!built) {
    built = buildOnce(definition);
    builtSchemas.set(definition, built);
    built.catch(() => builtSchemas.delete(definition));
  }
  return built;
}

/**
 * A definition's schema, built once per process: a GraphQLSchema is immutable and its resolvers take their
 * database and principal from the context, so every server of one subgraph in a process (replicas started
 * side by side, the ~130 stacks of a test worker) shares it. Building it costs ~0.2–0.5 s of CPU per subgraph.
 */
const builtSchemas = new WeakMap<SchemaDefinition, Promise<GraphQLSchema>>();

async function buildOnce(definition: SchemaDefinition): Promise<GraphQLSchema> {
  resolvePlainFieldsByDefault();
  const typeGraphqlSchema = await buildSchema({
    resolvers: definition.resolvers,
    orphanedTypes: definition.orphanedTypes,
    skipCheck: true,
    validateFn: validateArguments,
  });
  // The type-graphql schema as a document with its directives (what printSchemaWithDirectives prints), marked and
  // handed on as it is: printing it and parsing it again, twice, cost a subgraph more than its marking.
  const typeDefs = concatAST([
    parse(`extend schema ${FEDERATION_LINK} ${AUTHZ_LINK} ${COMPOSE}\n${AUTHZ_DIRECTIVES_SDL}`),
    markInternalInaccessible(getDocumentNodeFromSchema(typeGraphqlSchema)),
  ]);
  const subgraphSchema = buildSubgraphSchema({
    typeDefs,
    resolvers: mergeResolverMaps(createResolversMap(typeGraphqlSchema) as Record<string, object>, definition.referenceResolvers as Record<string, object>),
  });
  return applyAuthzDirectives(subgraphSchema);
}

/** The SDL a subgraph publishes to composition (what `_service { sdl }` answers). */
export function printPublishedSdl(schema: GraphQLSchema): string {
  return printSubgraphSchema(schema);
}

import { Kind, parse, print, visit } from 'graphql';

/**
 * The supergraph the gateway's own calls are planned over: the published one with every
 * `@inaccessible` application removed, so its API schema holds the @internal fields (credential,
 * verifyPassword, usersById…) that the public API schema leaves out. It serves only the gateway's
 * in-process calls (credential resolution, the REST façade) and the internal listener (GraphLink
 * callbacks, system principal only); the @internal rule in each subgraph still refuses anyone else.
 */
export function internalSupergraphOf(supergraphSdl: string): string {
  return print(
    visit(parse(supergraphSdl), {
      Directive(node) {
        return node.name.value === 'inaccessible' ? null : undefined;
      },
    }),
  );
}

/** Whether a printed API schema still shows a field of the root types (tests). */
export function rootFieldNames(apiSdl: string): string[] {
  const names: string[] = [];
  for (const definition of parse(apiSdl).definitions) {
    if (definition.kind === Kind.OBJECT_TYPE_DEFINITION && ['Query', 'Mutation'].includes(definition.name.value)) {
      for (const field of definition.fields ?? []) names.push(field.name.value);
    }
  }
  return names;
}

import { Kind, parse, print } from 'graphql';
import { readCheckedInSupergraph } from '../../schema/compose';

/** The directives of a root field in the checked-in supergraph, printed (`@scopes(anyOf: [["X"]])`). */
export function directivesOf(fieldName: string): string[] {
  for (const definition of parse(readCheckedInSupergraph()).definitions) {
    if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION || !['Query', 'Mutation'].includes(definition.name.value)) continue;
    const field = definition.fields?.find((f) => f.name.value === fieldName);
    if (field) return (field.directives ?? []).map((d) => print(d));
  }
  throw new Error(`no root field ${fieldName} in the supergraph`);
}

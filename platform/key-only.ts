import { GraphQLResolveInfo, Kind } from 'graphql';

/**
 * True when the field's selection asks for nothing but `keyFields` and `__typename`, the way the
 * gateway asks for an entity it only needs to reach another subgraph (`me { __typename id }` before
 * the user's bookings): the resolver can answer the key it already holds without reading the row.
 * Fragments and aliases of other fields count as more than the key.
 */
export function selectsOnlyKey(info: GraphQLResolveInfo, keyFields: readonly string[] = ['id']): boolean {
  return info.fieldNodes.every((node) =>
    (node.selectionSet?.selections ?? []).every(
      (selection) =>
        selection.kind === Kind.FIELD && !selection.directives?.length && (selection.name.value === '__typename' || keyFields.includes(selection.name.value)),
    ),
  );
}

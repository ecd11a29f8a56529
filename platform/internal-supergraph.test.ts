import { internalSupergraphOf } from './internal-supergraph';

describe('the internal supergraph: the published one without its @inaccessible marks', () => {
  it.each([
    ['a field mark', 'type Query { me: User verifyPassword(p: String): Boolean @inaccessible }', 'type Query { me: User verifyPassword(p: String): Boolean }'],
    [
      'a type mark among other directives',
      'type Roster @join__type(graph: ORGS) @inaccessible @shareable { id: ID }',
      'type Roster @join__type(graph: ORGS) @shareable { id: ID }',
    ],
    ['the definition stays', 'directive @inaccessible on FIELD_DEFINITION | OBJECT', 'directive @inaccessible on FIELD_DEFINITION | OBJECT'],
    ['a description that names it stays', '"""Hidden: @inaccessible"""\ntype T { a: Int @inaccessible }', '"""Hidden: @inaccessible"""\ntype T { a: Int }'],
    ['a string argument that names it stays', 'type T { a: Int @doc(text: "@inaccessible") }', 'type T { a: Int @doc(text: "@inaccessible") }'],
    ['a longer name stays', 'type T { a: Int @inaccessibleToo }', 'type T { a: Int @inaccessibleToo }'],
  ])('%s', (_case, sdl, expected) => {
    expect(internalSupergraphOf(sdl)).toBe(expected);
  });
});

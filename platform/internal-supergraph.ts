import { Lexer, Source, TokenKind } from 'graphql';

/**
 * The supergraph the gateway's own calls are planned over: the published one with every
 * `@inaccessible` application removed, so its API schema holds the @internal fields (credential,
 * verifyPassword, usersById…) that the public API schema leaves out. It serves only the gateway's
 * in-process calls (credential resolution, the REST façade) and the internal listener (GraphLink
 * callbacks, system principal only); the @internal rule in each subgraph still refuses anyone else.
 * On the floor because the schema tooling prints its API schema too (schema/internal.graphql, the schema the
 * services' contracts are typed and checked against: docs/contracts.md).
 *
 * Cut out of the text token by token (the lexer knows descriptions and strings from directives)
 * rather than parsed and printed again: a third of the CPU on a 200 kB supergraph, at every start.
 * `@inaccessible` takes no arguments; its definition (`directive @inaccessible …`) stays.
 */
export function internalSupergraphOf(supergraphSdl: string): string {
  const lexer = new Lexer(new Source(supergraphSdl));
  const kept: string[] = [];
  let from = 0;
  let previous = lexer.token;
  for (let token = lexer.advance(); token.kind !== TokenKind.EOF; previous = token, token = lexer.advance()) {
    if (token.kind !== TokenKind.AT || (previous.kind === TokenKind.NAME && previous.value === 'directive')) continue;
    const name = lexer.lookahead();
    if (name.kind !== TokenKind.NAME || name.value !== 'inaccessible') continue;
    kept.push(supergraphSdl.slice(from, previous.end));
    from = lexer.advance().end;
  }
  kept.push(supergraphSdl.slice(from));
  return kept.join('');
}

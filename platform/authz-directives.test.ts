import { buildSchema, graphql } from 'graphql';
import { applyAuthzDirectives, AUTHZ_DIRECTIVES_SDL } from './authz-directives';
import { ANONYMOUS, Principal } from './principal';

/**
 * `@public(when: …)`: a field public only when an argument is given (GET /v2/event-types?username= reads anyone's
 * public event types; without username it lists the caller's own, an EVENT_TYPE_READ read).
 */
describe('@public(when:) beside @scopes', () => {
  const schema = applyAuthzDirectives(
    buildSchema(`${AUTHZ_DIRECTIVES_SDL}
      type Query {
        listed(username: String): String @public(when: "args.username") @scopes(anyOf: [["EVENT_TYPE_READ"]])
        open: String @public
      }`),
  );
  const person = (scopes: string[] | null): Principal => ({ ...ANONYMOUS, kind: scopes ? 'oauth' : 'apiKey', userId: 7, scopes });
  const run = async (principal: Principal, source: string) => {
    const answer = await graphql({ schema, source, rootValue: { listed: 'listed', open: 'open' }, contextValue: { principal } });
    return answer.errors ? answer.errors.map((e) => e.extensions.code) : answer.data;
  };

  // [who, query, expected: the data or the error codes]
  const cases: [string, Principal, string, unknown][] = [
    ['anonymous, with the argument: public', ANONYMOUS, '{ listed(username: "ada") }', { listed: 'listed' }],
    ['a token without scopes, with the argument: public', person([]), '{ listed(username: "ada") }', { listed: 'listed' }],
    ['anonymous, without the argument: the private rule asks for a credential', ANONYMOUS, '{ listed }', ['UNAUTHENTICATED']],
    ['anonymous, a blank argument counts as none', ANONYMOUS, '{ listed(username: "  ") }', ['UNAUTHENTICATED']],
    ['anonymous, a null argument counts as none', ANONYMOUS, '{ listed(username: null) }', ['UNAUTHENTICATED']],
    ['a token without the scope, without the argument: refused', person(['BOOKING_READ']), '{ listed }', ['FORBIDDEN']],
    ['a token with the scope, without the argument: allowed', person(['EVENT_TYPE_READ']), '{ listed }', { listed: 'listed' }],
    ['an API key (full rights), without the argument: allowed', person(null), '{ listed }', { listed: 'listed' }],
    ['a plain @public field stays public', ANONYMOUS, '{ open }', { open: 'open' }],
  ];

  it.each(cases)('%s', async (_, principal, source, expected) => {
    expect(await run(principal, source)).toEqual(expected);
  });
});

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { contractOutputs, contractProblems, contractsTable, readContracts, ROOT, rootFieldOwners, staleFiles } from '../../schema/contracts';
import { readCheckedInSupergraph } from '../../schema/compose';
import { INTERNAL_SCHEMA_FILE } from '../../platform/schema-files';
import { ROUTES } from '../../gateway/rest/routes';
import { routeProblems } from '../../gateway/rest/route-check';

/** The checked-in internal schema with one piece of text replaced, as a careless change to a subgraph would give. */
function edited(sdl: string, from: RegExp | string, to: string): string {
  const changed = sdl.replace(from, to);
  expect(changed).not.toBe(sdl);
  return changed;
}

/** The (caller → operation) pairs a check's problems name. */
const named = (problems: string[]) =>
  problems.map((problem) => /^(.+?) → (\w+) \(/.exec(problem)).flatMap((m) => (m ? m[1].split(', ').map((caller) => `${caller} → ${m[2]}`) : []));

describe('contracts between services (issue 24): named operations, typed, checked against the internal supergraph', () => {
  const internalSdl = readFileSync(INTERNAL_SCHEMA_FILE, 'utf8');
  const contracts = readContracts();

  it('every contract is valid on schema/internal.graphql and has a caller', () => {
    expect(contractProblems(contracts, internalSdl)).toEqual([]);
    // The writes the issue names are among them.
    expect(contracts.filter((c) => c.kind === 'mutation').map((c) => c.name)).toEqual(
      expect.arrayContaining(['RemoveTeamEventTypes', 'ApplyTeamRoster', 'IssueManagedUserTokens', 'ScheduleBookingReminders']),
    );
  });

  it('a removed field a contract selects fails the check, naming each caller and operation', () => {
    const withoutUsername = edited(internalSdl, /(\ntype User \{[\s\S]*?)\n {2}username: String!/, '$1');
    const namedWithoutUsername = named(contractProblems(contracts, withoutUsername));
    expect(namedWithoutUsername.filter((pair) => pair.startsWith('subgraphs/')).sort()).toEqual([
      'subgraphs/integrations/webhook-delivery/owner-events.ts → OutOfOfficeUsers',
      'subgraphs/integrations/webhook-delivery/subscribers.ts → WebhookHosts',
    ]);
    // The REST façade's routes are callers too (gateway/rest/contracts): a booking's hosts and a membership's user carry a username.
    expect(namedWithoutUsername).toEqual(
      expect.arrayContaining([
        'gateway/rest/routes/bookings.ts → GetBookings',
        'gateway/rest/routes/bookings.ts → GetBookingsLegacy',
        'gateway/rest/routes/me.ts → GetMe',
        'gateway/rest/routes/memberships.ts → GetTeamMemberships',
      ]),
    );
    // A field selected through a fragment names the operations that spread it.
    const withoutApiKeyId = edited(internalSdl, /(\ntype ResolvedCredential \{[\s\S]*?)\n {2}apiKeyId: Int/, '$1');
    const problems = contractProblems(contracts, withoutApiKeyId);
    expect(named(problems).sort()).toEqual(['gateway/credentials.ts → ResolveCredential', 'gateway/credentials.ts → ResolvePlatformCredential']);
    expect(problems[0]).toContain('(gateway/contracts/resolve-credential.graphql): Cannot query field "apiKeyId" on type "ResolvedCredential"');
  });

  it('a removed root field or a renamed argument fails the check, naming the callers of every operation that uses it', () => {
    const withoutRemoval = edited(internalSdl, /\n {2}"""[^"]*"""\n {2}removeTeamEventTypes\([^)]*\): Int!/, '');
    expect(named(contractProblems(contracts, withoutRemoval))).toEqual([
      'subgraphs/organizations/team-deletion/team-deletion.service.ts → RemoveTeamEventTypes',
    ]);
    const renamed = edited(internalSdl, 'teamRoster(teamId: Int!): TeamRoster', 'teamRoster(id: Int!): TeamRoster');
    expect(named(contractProblems(contracts, renamed)).sort()).toEqual(
      [
        'subgraphs/integrations/team-address.ts → TeamRoster',
        'subgraphs/integrations/team-event-type-address.ts → TeamEventTypePlace',
        'subgraphs/integrations/verified-resource/verified-resource.resolver.ts → VerifiedResourcesTeam',
        'subgraphs/integrations/webhook-delivery/subscribers.ts → WebhookTeam',
        'subgraphs/scheduling/team/team-directory.ts → TeamRoster',
      ].flatMap((pair) => [pair, pair]), // per operation: the unknown argument and the missing required one
    );
  });

  it('a contract nobody calls is named too', () => {
    const [first] = contracts;
    expect(contractProblems([{ ...first, callers: [] }], internalSdl)).toEqual([
      `${first.document}: ${first.name} is called by no file of ${first.service} (remove it)`,
    ]);
  });

  it('names the subgraph that owns each root field, from the supergraph', () => {
    const owners = rootFieldOwners(readCheckedInSupergraph());
    expect(owners.get('Query.teamRoster')).toEqual(['organizations']);
    expect(owners.get('Query.slots')).toEqual(['scheduling']);
    expect(owners.get('Query.credential')).toEqual(['oauth']);
    expect(owners.get('Mutation.scheduleWorkflowReminders')).toEqual(['integrations']);
    const table = contractsTable(contracts, owners);
    expect(table).toContain(
      '| `subgraphs/organizations/team-deletion/team-deletion.service.ts` | mutation `RemoveTeamEventTypes` ([remove-team-event-types.graphql](../subgraphs/organizations/contracts/remove-team-event-types.graphql)) | `Mutation.removeTeamEventTypes` | scheduling |',
    );
  });

  it('the committed generated files and docs/contracts.md are what `npm run contracts` writes', async () => {
    const outputs = await contractOutputs(internalSdl, readCheckedInSupergraph());
    expect(outputs.map((o) => o.file).sort()).toEqual([
      'docs/contracts.md',
      'gateway/contracts/generated.ts',
      'gateway/rest/contracts/generated.ts',
      'subgraphs/integrations/contracts/generated.ts',
      'subgraphs/oauth/contracts/generated.ts',
      'subgraphs/organizations/contracts/generated.ts',
      'subgraphs/scheduling/contracts/generated.ts',
    ]);
    expect(staleFiles(outputs)).toEqual([]);
    expect(staleFiles([{ file: 'gateway/contracts/generated.ts', content: '// an older generation\n' }])).toEqual(['gateway/contracts/generated.ts']);
    expect(outputs.find((o) => o.file === 'gateway/contracts/generated.ts')!.content).toMatch(/^\/\/ Generated by `npm run contracts`/);
  });
});

describe("the REST route table as the façade's contracts (issue 24): every route's operation checked by npm run schema:check", () => {
  const internalSdl = readFileSync(INTERNAL_SCHEMA_FILE, 'utf8');

  it("every route's operation is valid on schema/internal.graphql", () => {
    expect(routeProblems(ROUTES, internalSdl)).toEqual([]);
  });

  it('a renamed root field or a removed selected field fails the check, naming each route and its operation', () => {
    const withoutCalendarLinks = edited(internalSdl, '\n  bookingCalendarLinks(uid: String!)', '\n  calendarLinksOfBooking(uid: String!)');
    const problems = routeProblems(ROUTES, withoutCalendarLinks);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^GET \/v2\/bookings\/\{bookingUid\}\/calendar-links → GetBookingCalendarLinks: Cannot query field "bookingCalendarLinks" on type "Query"\./,
    );
    const withoutApiKey = edited(internalSdl, /(\ntype RefreshedApiKey \{)\n {2}apiKey: String!/, '$1\n  createdAt: String');
    expect(routeProblems(ROUTES, withoutApiKey)).toEqual(['POST /v2/api-keys/refresh → RefreshApiKey: Cannot query field "apiKey" on type "RefreshedApiKey".']);
  });
});

/** The product's source files (tests, generated files and migrations aside), relative to the repository root. */
function productSources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return name === 'migrations' ? [] : productSources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'generated.ts' ? [path] : [];
  });
}

/** String and template literals of a file that read as GraphQL operations or fragments (`query X(…) {`, `fragment F on T`). */
function inlineGraphql(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  if (!/\b(?:query|mutation|subscription|fragment)\s+\w/.test(text)) return []; // no keyword followed by a name: nothing to parse for
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const looksLikeGraphql = /^\s*(?:(?:query|mutation|subscription)\b[^{]*\{|fragment\s+\w+\s+on\s)/;
  const visit = (node: ts.Node) => {
    const literal =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : ts.isTemplateExpression(node) ? node.head.text : undefined;
    if (literal !== undefined && looksLikeGraphql.test(literal)) found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no GraphQL outside the contracts folders (issue 24)', () => {
  it('no product source file holds an operation or a fragment as a string: each is a named operation of a contracts/*.graphql file', () => {
    const files = ['cli', 'gateway', 'platform', 'schema', 'stack', 'subgraphs'].flatMap(productSources);
    expect(files.length).toBeGreaterThan(300);
    expect(files.flatMap(inlineGraphql)).toEqual([]);
  });

  it('the scan finds an inline operation where one is written', () => {
    const probe = relative(ROOT, join(__dirname, 'contracts.test.js'));
    // This compiled test file holds the string below, as a route file with an inline operation would.
    const example = 'query Inline($id: Int!) { team(id: $id) { id } }';
    expect(example).toContain('query');
    expect(inlineGraphql(probe)).toHaveLength(1);
  });
});

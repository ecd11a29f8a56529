import { composeSupergraph, readCheckedInApiSchema, readCheckedInSupergraph, SCHEMA_DIR } from '../../schema/compose';
import { INTERNAL_SCHEMA_FILE } from '../../platform/schema-files';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

describe('schema/ holds the printed subgraph SDLs, the composed supergraph, its API schema and the internal one', () => {
  it('is identical to a fresh composition of the code (run `npm run compose` when this fails)', async () => {
    const fresh = await composeSupergraph();
    for (const { name, sdl } of fresh.subgraphs) {
      expect(`${name}: ${readFileSync(join(SCHEMA_DIR, `${name}.graphql`), 'utf8').trim()}`).toBe(`${name}: ${sdl.trim()}`);
    }
    expect(readCheckedInSupergraph().trim()).toBe(fresh.supergraphSdl.trim());
    expect(readCheckedInApiSchema().trim()).toBe(fresh.apiSdl.trim());
    expect(readFileSync(INTERNAL_SCHEMA_FILE, 'utf8')).toBe(fresh.internalSdl);
  });

  it('keeps the authorization directives in the supergraph for integrators to read', () => {
    const supergraph = readCheckedInSupergraph();
    expect(supergraph).toContain(
      '): MembershipPage! @join__field(graph: ORGANIZATIONS) @scopes(anyOf: [["TEAM_MEMBERSHIP_READ"]]) @pbac(permission: "team.readMemberships", team: "args.teamId", org: "args.orgId")',
    );
  });
});

import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SUPERGRAPH_FILE } from '../../schema/compose';
import { userWithKey } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';

const ATTENDEE = 'query { __type(name: "Attendee") { description } }';

describe('hot reload: the gateway polls its supergraph file and swaps a new one in without a restart', () => {
  let stack: TestStack;
  let file: string;
  let key: string;

  beforeAll(async () => {
    file = join(mkdtempSync(join(tmpdir(), 'supergraph-')), 'supergraph.graphql');
    copyFileSync(SUPERGRAPH_FILE, file);
    stack = await startTestStack({ gateway: { supergraphSource: { path: file, pollMs: 0 } } }); // the test polls by hand
    key = (await userWithKey(stack)).key;
  });
  afterAll(() => stack?.stop());

  it('a changed description shows in introspection after a poll; REST keeps answering', async () => {
    expect((await stack.graphql(ATTENDEE, {}, key)).body.data.__type.description).toBe('A guest of a booking.');
    writeFileSync(file, readFileSync(SUPERGRAPH_FILE, 'utf8').replace('"""A guest of a booking."""', '"""A guest of a booking (reloaded)."""'));
    expect(await stack.gateway.supergraph!.poll()).toBe(true);
    expect((await stack.graphql(ATTENDEE, {}, key)).body.data.__type.description).toBe('A guest of a booking (reloaded).');
    expect((await stack.rest('GET', '/v2/me', { key })).status).toBe(200);
    expect((await stack.graphql('query { me { id } }', {}, key)).body.errors).toBeUndefined(); // credential resolution on the internal gateway
  });

  it('a broken supergraph is logged and the last good one keeps serving', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    writeFileSync(file, 'this is not a supergraph');
    expect(await stack.gateway.supergraph!.poll()).toBe(false);
    expect(logged.mock.calls.join('\n')).toMatch(/still serving the last good one/);
    logged.mockRestore();
    expect((await stack.graphql(ATTENDEE, {}, key)).body.data.__type.description).toBe('A guest of a booking (reloaded).');
  });
});

import { ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { userWithKey } from '../support/fixtures';
import { hiddenFields, oauthClient, signedIn } from '../support/oauth';
import { startTestStack, TestStack } from '../support/stack';

/** Runs the oauth4webapi app (interop/oauth4webapi-client.ts) as its own process; answers its JSON lines one by one. */
function startApp(args: string[]): { child: ChildProcessWithoutNullStreams; next(): Promise<any> } {
  const child = spawn(process.execPath, [join(__dirname, 'interop', 'oauth4webapi-client.js'), ...args]);
  const lines = createInterface({ input: child.stdout });
  const queue: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  lines.on('line', (line) => (waiting.length ? waiting.shift()!(line) : queue.push(line)));
  child.once('close', (code) => {
    for (const wake of waiting.splice(0)) wake(JSON.stringify({ error: `app exited with ${code}: ${stderr}` }));
  });
  return {
    child,
    next: () => new Promise((resolve) => (queue.length ? resolve(JSON.parse(queue.shift()!)) : waiting.push((line) => resolve(JSON.parse(line))))),
  };
}

/** Spec 5.2 with an independent client library: oauth4webapi (RFC 8414 discovery, RFC 7636 PKCE, RFC 6749 code and refresh grants). */
describe('interop: the whole code + PKCE + refresh flow with oauth4webapi', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.stop());

  it('discovers the server, gets a code with PKCE, exchanges it, calls GET /v2/me, refreshes, and is refused a replayed refresh token', async () => {
    const user = await userWithKey(stack);
    const redirectUri = 'http://127.0.0.1:9/oauth4webapi/callback';
    const { client } = await oauthClient(stack, user.user.id, { isPublic: true, scopes: ['PROFILE_READ', 'BOOKING_READ'], redirectUris: [redirectUri] });
    const app = startApp([stack.url, client.id, redirectUri, 'PROFILE_READ BOOKING_READ']);
    try {
      const first = await app.next();
      expect(first.error).toBeUndefined();
      expect(first.metadata).toMatchObject({ issuer: stack.url, code_challenge_methods_supported: ['S256'] });

      // The user, in a browser, signs in and allows the app.
      const session = await signedIn(stack, user.user.email);
      const authorize = new URL(first.authorize);
      const consent = await session.get(`${authorize.pathname}${authorize.search}`);
      expect(consent.status).toBe(200);
      const back = await session.post('/auth/oauth2/authorize', { ...hiddenFields(consent.html), decision: 'allow' });
      expect(back.status).toBe(303);
      expect(back.location!.startsWith(`${redirectUri}?`)).toBe(true);
      app.child.stdin.write(`${back.location}\n`);

      const { result, error } = await app.next();
      expect(error).toBeUndefined();
      expect(result.tokens).toMatchObject({ token_type: 'bearer', expires_in: 1800, scope: 'PROFILE_READ BOOKING_READ' });
      expect(result.me).toMatchObject({ status: 'success', data: { id: user.user.id, email: user.user.email } });
      expect(result.refreshed).toMatchObject({ token_type: 'bearer', expires_in: 1800, scope: 'PROFILE_READ BOOKING_READ' });
      expect(result.refreshed.refresh_token).not.toBe(result.tokens.refresh_token);
      expect(result.meAgain).toMatchObject({ status: 'success', data: { id: user.user.id } });
      expect(result.replay).toEqual({ error: 'invalid_grant', error_description: 'refresh_token_invalid_or_expired', status: 400 });
    } finally {
      app.child.kill();
    }
  });
});

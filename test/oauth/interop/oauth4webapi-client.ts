/**
 * A third-party app written against oauth4webapi only (no code of this project): discovery, the
 * authorization request with PKCE, the code exchange, a call to the API, a refresh and another call.
 * oauth4webapi is an ES module, so the test runs this file as its own Node process:
 *
 *   node oauth4webapi-client.js <issuer> <client_id> <redirect_uri> <scope>
 *
 * It prints one JSON line {"authorize": url}, reads the redirect it came back with (one line on
 * stdin: the callback URL), and prints one JSON line {"result": …} (or {"error": …}).
 */
import * as oauth from 'oauth4webapi';
import { createInterface } from 'node:readline';

async function main() {
  const [issuerArg, clientId, redirectUri, scope] = process.argv.slice(2);
  const insecure = { [oauth.allowInsecureRequests]: true }; // the test stack speaks plain http on loopback
  const issuer = new URL(issuerArg);
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
  const client: oauth.Client = { client_id: clientId };
  const clientAuth = oauth.None();

  const codeVerifier = oauth.generateRandomCodeVerifier();
  const codeChallenge = await oauth.calculatePKCECodeChallenge(codeVerifier);
  const state = oauth.generateRandomState();
  const authorize = new URL(as.authorization_endpoint!);
  authorize.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope,
    state,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
  }).toString();
  console.log(JSON.stringify({ authorize: authorize.toString(), metadata: as }));

  const lines = createInterface({ input: process.stdin });
  const callback = await new Promise<string>((resolve) => lines.once('line', resolve));
  lines.close();
  const params = oauth.validateAuthResponse(as, client, new URL(callback), state);

  const tokens = await oauth.processAuthorizationCodeResponse(
    as,
    client,
    await oauth.authorizationCodeGrantRequest(as, client, clientAuth, params, redirectUri, codeVerifier, insecure),
  );
  const me = await (await oauth.protectedResourceRequest(tokens.access_token, 'GET', new URL('/v2/me', issuer), undefined, undefined, insecure)).json();

  const refreshed = await oauth.processRefreshTokenResponse(
    as,
    client,
    await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token!, insecure),
  );
  const meAgain = await (await oauth.protectedResourceRequest(refreshed.access_token, 'GET', new URL('/v2/me', issuer), undefined, undefined, insecure)).json();

  let replay: unknown;
  try {
    await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token!, insecure));
  } catch (error) {
    replay =
      error instanceof oauth.ResponseBodyError ? { error: error.error, error_description: error.error_description, status: error.status } : String(error);
  }

  console.log(JSON.stringify({ result: { tokens, me, refreshed, meAgain, replay } }));
}

main().catch((error) => {
  console.log(JSON.stringify({ error: `${error?.name}: ${error?.message} ${JSON.stringify(error?.cause ?? '')}` }));
  process.exitCode = 1;
});

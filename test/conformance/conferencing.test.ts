import { expectErrorEnvelope, expectSuccess } from '../support/fixtures';
import { connectGoogleCalendar, OAuthProviderServer, pointServiceAt, startOAuthProviderServer } from '../support/oauth-provider-server';
import { startTestStack, TestStack } from '../support/stack';
import { Person, person } from './people';

/** The connection `type` of Google Meet (their GOOGLE_MEET_TYPE) and its slug (their GOOGLE_MEET). */
const GOOGLE_MEET_TYPE = 'google_video';
const GOOGLE_MEET = 'google-meet';

/**
 * Conformance: a user's conferencing apps, replayed from the real service's public e2e spec
 * apps/api/v2/src/modules/conferencing/controllers/conferencing.controller.e2e-spec.ts
 * ("Conferencing Endpoints" › "conferencing controller e2e tests", test names beside each case). Their fixture
 * writes the Google Calendar credential; here it is connected through the calendar's OAuth consent, against the
 * loopback provider (test/support/oauth-provider-server.ts). The 400s' sentences are those of their
 * GoogleMeetService (the spec asserts the status only). Their spec covers no organization team path.
 */
describe('conformance: conferencing', () => {
  let stack: TestStack;
  let provider: OAuthProviderServer;
  let restoreEnv: () => void = () => undefined;
  let user: Person;
  let revoked: Person;

  beforeAll(async () => {
    provider = await startOAuthProviderServer();
    provider.accounts.google.calendars = [{ id: 'primary-cal', name: 'Work', primary: true }];
    restoreEnv = pointServiceAt(provider);
    stack = await startTestStack();
    [user, revoked] = await Promise.all([person(stack, 'conferencing-user'), person(stack, 'conferencing-revoked')]);
  });
  afterAll(async () => {
    await stack?.stop();
    await provider?.stop();
    restoreEnv();
  });

  const call = (method: string, path: string) => stack.rest(method, path, { key: user.key });

  it('"should get all the conferencing apps of the auth user": 200, none', async () => {
    expect(expectSuccess(await call('GET', '/v2/conferencing'))).toEqual([]);
  });

  it('"should fail to connect google meet if google calendar is not connected ": 400', async () => {
    expectErrorEnvelope(await call('POST', '/v2/conferencing/google-meet/connect'), 400, 'BAD_REQUEST', /Google Meet requires a Google Calendar connection\./);
    // Their `.then` writes the Google Calendar credential for the next case.
    await connectGoogleCalendar(stack, user.key);
  });

  it('"should connect google meet if google calendar is connected ": 200', async () => {
    const response = await call('POST', '/v2/conferencing/google-meet/connect');
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('success');
  });

  it('(deviation, docs/compatibility.md "Conferencing") connecting google meet again: 409 CONFLICT (theirs: 400)', async () => {
    expectErrorEnvelope(await call('POST', '/v2/conferencing/google-meet/connect'), 409, 'CONFLICT', /already connected/);
  });

  it('"should set google meet as default conferencing app": 200, and it is the default', async () => {
    expect((await call('POST', '/v2/conferencing/google-meet/default')).status).toBe(200);
    // They read the user's metadata.defaultConferencingApp.appSlug; this API shows it at GET /v2/conferencing/default.
    expect(expectSuccess(await call('GET', '/v2/conferencing/default')).appSlug).toBe(GOOGLE_MEET);
  });

  it('"should get all the conferencing apps of the auth user, and contain google meet"', async () => {
    const data: { type: string; userId: number }[] = expectSuccess(await call('GET', '/v2/conferencing'));
    expect(data.find((app) => app.type === GOOGLE_MEET_TYPE)?.userId).toBe(user.id);
  });

  it('"should disconnect google meet": 200', async () => {
    expect((await call('DELETE', '/v2/conferencing/google-meet/disconnect')).status).toBe(200);
  });

  it('"should get all the conferencing apps of the auth user, and not contain google meet"', async () => {
    const data: { type: string }[] = expectSuccess(await call('GET', '/v2/conferencing'));
    expect(data.find((app) => app.type === GOOGLE_MEET_TYPE)).toBeUndefined();
  });

  it('(their GoogleMeetService) a Google Calendar connection the provider refused: 400 asking to reconnect it', async () => {
    provider.accessTokenLifetime = 30; // within the service's one-minute margin: the check refreshes
    await connectGoogleCalendar(stack, revoked.key);
    provider.revoke('google');
    // The check's refresh is refused: the connection is marked invalid.
    expectErrorEnvelope(await stack.rest('GET', '/v2/calendars/google/check', { key: revoked.key }), 400, 'BAD_REQUEST', /connect it again/);
    expectErrorEnvelope(
      await stack.rest('POST', '/v2/conferencing/google-meet/connect', { key: revoked.key }),
      400,
      'BAD_REQUEST',
      /Google Meet requires a valid Google Calendar connection\. Please reconnect Google Calendar\./,
    );
  });

  it('the OpenAPI document marks the deviations on both connect routes (x-svc-deviation)', async () => {
    const { paths } = (await stack.rest('GET', '/v2/openapi.json')).body;
    expect(paths['/v2/conferencing/{app}/connect'].post['x-svc-deviation']).toEqual([expect.stringMatching(/is a 409 CONFLICT/)]);
    expect(paths['/v2/organizations/{orgId}/teams/{teamId}/conferencing/{app}/connect'].post['x-svc-deviation']).toEqual([
      expect.stringMatching(/is a 409 CONFLICT/),
      expect.stringMatching(/without a Google Calendar connection of the team/),
    ]);
  });
});

import { MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { CalDavServer, startCalDavServer } from '../support/caldav-server';
import { icsCalendar, IcsServer, startIcsServer } from '../support/ics-server';
import { OAuthClientDecision } from '../support/oauth';
import { followConsent, OAuthProviderServer, pointServiceAt, startOAuthProviderServer } from '../support/oauth-provider-server';
import { ReferenceOutcome, referenceCaller, referenceOperationsOf } from '../support/reference-calls';
import { startTestStack, TestStack } from '../support/stack';
import { OAuthClientReviewService } from '../../subgraphs/oauth/oauth-client/oauth-client-review.service';

/**
 * Every answer validated against the reference (issue 22), the families after those of
 * `reference-shapes.test.ts` and `reference-shapes-more.test.ts`: OAuth clients and their managed users,
 * managed organizations, delegation credentials, out of office, conferencing and Stripe (the caller's and an
 * organization team's), calendars (OAuth, CalDAV and ICS connections, busy times, selected and destination
 * calendars, unified calendar events). Each operation of these tags is called once with realistic valid input,
 * and its success answer is validated against the reference's 200/201 schema (`test/support/reference-shapes.ts`,
 * the reference document's quirks listed there and in `reference-quirks.ts`). The providers are the loopback
 * servers of the integration tests: OAuth + API of Google, Microsoft, Zoom and Stripe
 * (`oauth-provider-server.ts`), CalDAV (`caldav-server.ts`), ICS feeds (`ics-server.ts`).
 */
const FAMILY_TAGS = [
  'OAuth Clients',
  'Platform / Managed Users',
  'Managed Orgs',
  'Orgs / Delegation Credentials',
  'Orgs / Users / OOO',
  'Conferencing',
  'Orgs / Teams / Conferencing',
  'Stripe',
  'Orgs / Teams / Stripe',
  'Calendars',
  'Cal Unified Calendars',
  'Selected Calendars',
  'Destination Calendars',
];

const OPERATIONS = referenceOperationsOf(FAMILY_TAGS);

type Person = Awaited<ReturnType<typeof userWithKey>>;

const DAY = 86_400_000;
const day = new Date(Date.now() + 9 * DAY).toISOString().slice(0, 10);

const SERVICE_ACCOUNT_KEY = {
  private_key: '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC-shapes\n-----END PRIVATE KEY-----\n',
  client_email: 'svc-shapes@project.iam.gserviceaccount.com',
  client_id: '1049shapes',
};

describe('reference shapes: OAuth clients, managed users and organizations, delegation credentials, out of office, conferencing, Stripe, calendars', () => {
  let stack: TestStack;
  let provider: OAuthProviderServer;
  let caldav: CalDavServer;
  let ics: IcsServer;
  let restoreEnv: () => void = () => undefined;
  /** One organization with a team: its admin (the team's owner), a member and a colleague of theirs. */
  let admin: Person;
  let member: Person;
  let colleague: Person;
  let orgId: number;
  let teamId: number;
  const outcomes = new Map<string, ReferenceOutcome>();
  const call = referenceCaller(() => stack, outcomes);
  /** The code and state a provider's consent page gives back for the `url` it was sent to. */
  const consent = async (url: string) => {
    const { code, state } = await followConsent(url);
    return { code, state };
  };

  beforeAll(async () => {
    [provider, caldav, ics] = await Promise.all([startOAuthProviderServer(), startCalDavServer(), startIcsServer()]);
    restoreEnv = pointServiceAt(provider, { APPLE_CALDAV_URL: caldav.url });
    stack = await startTestStack();
    const operator = operatorOf(stack);
    [admin, member, colleague] = await Promise.all([
      userWithKey(stack, { name: 'Olga Orgadmin' }),
      userWithKey(stack, { name: 'Alma Away' }),
      userWithKey(stack, { name: 'Cole Cover' }),
    ]);
    orgId = (await operator.createOrganization({ name: 'Shapes Rest Org', ownerId: admin.user.id })).id;
    [teamId] = await Promise.all([
      operator.createTeam({ name: 'Shapes Rest Team', orgId, ownerId: admin.user.id }).then((team) => team.id),
      ...[member, colleague].map((p) => operator.addMember({ teamId: orgId, userId: p.user.id, role: MembershipRole.MEMBER })),
    ]);
    // The member's google-meet needs the Google Calendar calendars() connects.
    await Promise.all([platform(), managedOrganizations(), delegationCredentials(), outOfOffice(), stripe(), calendars().then(conferencing)]);
  });

  /** An organization's OAuth client, its managed users and their tokens. */
  async function platform() {
    const key = admin.key;
    const made = await call(
      'POST',
      '/v2/oauth-clients',
      {},
      {
        key,
        body: {
          name: 'Shapes app',
          redirectUris: ['https://app.example.com/callback'],
          permissions: ['PROFILE_READ', 'PROFILE_WRITE', 'BOOKING_READ'],
          bookingRedirectUri: 'https://app.example.com/booked',
        },
      },
    );
    const clientId = made.clientId as string;
    await new OAuthClientReviewService(stack.db('oauth')).review(clientId, OAuthClientDecision.APPROVE, null);
    const secret = { 'x-svc-secret-key': made.clientSecret as string };
    const [managed] = await Promise.all([
      call(
        'POST',
        '/v2/oauth-clients/{clientId}/users',
        { clientId },
        { headers: secret, body: { email: 'mia@example.com', name: 'Mia', timeZone: 'Europe/Rome' } },
      ),
      call('GET', '/v2/oauth-clients', {}, { key }),
      call('GET', '/v2/oauth-clients/{clientId}', { clientId }, { key }),
      call('PATCH', '/v2/oauth-clients/{clientId}', { clientId }, { key, body: { name: 'Shapes app 2' } }),
    ]);
    const userId = managed.user.id as number;
    await Promise.all([
      call('GET', '/v2/oauth-clients/{clientId}/users', { clientId }, { headers: secret }),
      call('GET', '/v2/oauth-clients/{clientId}/users/{userId}', { clientId, userId }, { headers: secret }),
      call('PATCH', '/v2/oauth-clients/{clientId}/users/{userId}', { clientId, userId }, { headers: secret, body: { name: 'Mia Rossi', timeFormat: 24 } }),
    ]);
    const keys = await call('POST', '/v2/oauth-clients/{clientId}/users/{userId}/force-refresh', { clientId, userId }, { headers: secret });
    await call('POST', '/v2/oauth/{clientId}/refresh', { clientId }, { headers: secret, body: { refreshToken: keys.refreshToken } });
    await call('DELETE', '/v2/oauth-clients/{clientId}/users/{userId}', { clientId, userId }, { headers: secret });
    await call('DELETE', '/v2/oauth-clients/{clientId}', { clientId }, { key });
  }

  /** Organizations an organization manages. */
  async function managedOrganizations() {
    const key = admin.key;
    const made = await call('POST', '/v2/organizations/{orgId}/organizations', { orgId }, { key, body: { name: 'Shapes Kids', metadata: { tier: 'gold' } } });
    const one = { orgId, managedOrganizationId: made.id as number };
    await Promise.all([
      call('GET', '/v2/organizations/{orgId}/organizations', { orgId }, { key }),
      call('GET', '/v2/organizations/{orgId}/organizations/{managedOrganizationId}', one, { key }),
      call('PATCH', '/v2/organizations/{orgId}/organizations/{managedOrganizationId}', one, { key, body: { name: 'Shapes Juniors' } }),
    ]);
    await call('DELETE', '/v2/organizations/{orgId}/organizations/{managedOrganizationId}', one, { key });
  }

  /** A Google Workspace delegation credential of an organization. */
  async function delegationCredentials() {
    const key = admin.key;
    const made = await call(
      'POST',
      '/v2/organizations/{orgId}/delegation-credentials',
      { orgId },
      { key, body: { domain: 'shapes.example.com', workspacePlatformSlug: 'google', serviceAccountKey: SERVICE_ACCOUNT_KEY } },
    );
    await call('PATCH', '/v2/organizations/{orgId}/delegation-credentials/{credentialId}', { orgId, credentialId: made.id }, { key, body: { enabled: false } });
  }

  /** An organization member's out-of-office entry, covered by a colleague. */
  async function outOfOffice() {
    const key = admin.key;
    const userId = member.user.id;
    const entry = await call(
      'POST',
      '/v2/organizations/{orgId}/users/{userId}/ooo',
      { orgId, userId },
      { key, body: { start: '2031-08-01', end: '2031-08-02', reason: 'vacation', notes: 'Hiking', toUserId: colleague.user.id } },
    );
    const one = { orgId, userId, oooId: entry.id as number };
    await Promise.all([
      call('GET', '/v2/organizations/{orgId}/users/{userId}/ooo', { orgId, userId }, { key }),
      call('GET', '/v2/organizations/{orgId}/ooo', { orgId }, { key }),
      call('PATCH', '/v2/organizations/{orgId}/users/{userId}/ooo/{oooId}', one, { key, body: { notes: 'Hiking in the Alps' } }),
    ]);
    await call('DELETE', '/v2/organizations/{orgId}/users/{userId}/ooo/{oooId}', one, { key });
  }

  /** The member's own conferencing apps (Google Meet, once calendars() connected Google Calendar; Zoom through its OAuth) and the team's (Microsoft Teams), by its admin. */
  async function conferencing() {
    const key = member.key;
    const team = { orgId, teamId };

    await Promise.all([
      call('POST', '/v2/conferencing/{app}/connect', { app: 'google-meet' }, { key }),
      call('POST', '/v2/organizations/{orgId}/teams/{teamId}/conferencing/{app}/connect', { ...team, app: 'google-meet' }, { key: admin.key }),
    ]);
    const [own, ofTeam] = await Promise.all([
      call('GET', '/v2/conferencing/{app}/oauth/auth-url', { app: 'zoom' }, { key, query: { returnTo: 'https://app.example.com/ok' } }),
      call('GET', '/v2/organizations/{orgId}/teams/{teamId}/conferencing/{app}/oauth/auth-url', { ...team, app: 'msteams' }, { key: admin.key }),
      call('GET', '/v2/conferencing', {}, { key }),
      call('GET', '/v2/organizations/{orgId}/teams/{teamId}/conferencing', team, { key: admin.key }),
    ]);
    const [ownBack, teamBack] = await Promise.all([consent(own.url), consent(ofTeam.url)]);
    await Promise.all([
      call('GET', '/v2/conferencing/{app}/oauth/callback', { app: 'zoom' }, { query: ownBack }),
      call('GET', '/v2/organizations/{orgId}/teams/{teamId}/conferencing/{app}/oauth/callback', { ...team, app: 'msteams' }, { query: teamBack }),
    ]);
    await Promise.all([
      call('POST', '/v2/conferencing/{app}/default', { app: 'zoom' }, { key }),
      call('POST', '/v2/organizations/{orgId}/teams/{teamId}/conferencing/{app}/default', { ...team, app: 'msteams' }, { key: admin.key }),
    ]);
    await Promise.all([
      call('GET', '/v2/conferencing/default', {}, { key }),
      call('GET', '/v2/organizations/{orgId}/teams/{teamId}/conferencing/default', team, { key: admin.key }),
    ]);
    await Promise.all([
      call('DELETE', '/v2/conferencing/{app}/disconnect', { app: 'google-meet' }, { key }),
      call('DELETE', '/v2/organizations/{orgId}/teams/{teamId}/conferencing/{app}/disconnect', { ...team, app: 'google-meet' }, { key: admin.key }),
    ]);
  }

  /** Stripe Connect of the member and of the team: connect, Stripe's redirect to save, check. */
  async function stripe() {
    const team = { orgId, teamId };
    const returnTo = { returnTo: 'https://app.example.com/payments' };
    const [own, ofTeam] = await Promise.all([
      call('GET', '/v2/stripe/connect', {}, { key: member.key, query: returnTo }),
      call('GET', '/v2/organizations/{orgId}/teams/{teamId}/stripe/connect', team, { key: admin.key, query: returnTo }),
    ]);
    const [ownBack, teamBack] = await Promise.all([consent(own.authUrl), consent(ofTeam.authUrl)]);
    await Promise.all([
      call('GET', '/v2/stripe/save', {}, { query: ownBack }),
      call('GET', '/v2/organizations/{orgId}/teams/{teamId}/stripe/save', team, { query: teamBack }),
    ]);
    await Promise.all([
      call('GET', '/v2/stripe/check', {}, { key: member.key }),
      call('GET', '/v2/organizations/{orgId}/teams/{teamId}/stripe/check', team, { key: admin.key }),
    ]);
  }

  /**
   * The member's calendars: Google (OAuth) with its busy times, one event read and changed, its calendar made the
   * destination and checked for conflicts again; an Apple calendar (CalDAV), taken away at the end; an ICS feed.
   */
  async function calendars() {
    const key = member.key;
    provider.accounts.google.calendars = [{ id: 'shapes-primary', name: 'Work', primary: true }];
    provider.accounts.google.busy['shapes-primary'] = [{ start: `${day}T10:00:00Z`, end: `${day}T11:00:00Z` }];
    provider.accounts.google.events.set('shapes-evt', {
      id: 'shapes-evt',
      summary: 'Intro call',
      start: `${day}T09:00:00Z`,
      end: `${day}T09:30:00Z`,
      attendees: [{ email: 'guest@example.com', displayName: 'Guest', responseStatus: 'needsAction' }],
    });
    caldav.account.calendars = [
      { slug: 'home', name: 'Home', events: [icsCalendar('Home', [{ uid: 'dentist', start: `${day}T14:00:00Z`, end: `${day}T15:00:00Z` }])] },
    ];
    ics.set('/shapes.ics', icsCalendar('Feed', [{ uid: 'feed-1', start: `${day}T08:00:00Z`, end: `${day}T08:30:00Z` }]));

    const google = await call('GET', '/v2/calendars/{calendar}/connect', { calendar: 'google' }, { key, query: { redir: 'https://app.example.com/done' } });
    const back = await consent(google.authUrl);
    const [saved, apple] = await Promise.all([
      call('GET', '/v2/calendars/{calendar}/save', { calendar: 'google' }, { query: back }),
      call(
        'POST',
        '/v2/calendars/{calendar}/credentials',
        { calendar: 'apple' },
        { key, body: { username: caldav.account.username, password: caldav.account.password } },
      ),
      call('POST', '/v2/calendars/ics-feed/save', {}, { key, body: { urls: [ics.url('/shapes.ics')], readOnly: false } }),
    ]);
    const selection = { integration: 'google_calendar', externalId: 'shapes-primary', credentialId: saved.credentialId as number };
    await Promise.all([
      call('GET', '/v2/calendars/{calendar}/check', { calendar: 'google' }, { key }),
      call('GET', '/v2/calendars/ics-feed/check', {}, { key }),
      call(
        'GET',
        '/v2/calendars/busy-times',
        {},
        { key, query: { loggedInUsersTz: 'UTC', dateFrom: day, dateTo: day, credentialId: saved.credentialId, externalId: 'shapes-primary' } },
      ),
      call('GET', '/v2/calendars/{calendar}/event/{eventUid}', { calendar: 'google', eventUid: 'shapes-evt' }, { key }),
      call('PUT', '/v2/destination-calendars', {}, { key, body: { integration: 'google_calendar', externalId: 'shapes-primary' } }),
    ]);
    await Promise.all([
      call(
        'PATCH',
        '/v2/calendars/{calendar}/events/{eventUid}',
        { calendar: 'google', eventUid: 'shapes-evt' },
        { key, body: { title: 'Intro call (moved)' } },
      ),
      call('DELETE', '/v2/selected-calendars', {}, { key, query: selection }),
    ]);
    await call('POST', '/v2/selected-calendars', {}, { key, body: selection });
    await call('GET', '/v2/calendars', {}, { key });
    await call('POST', '/v2/calendars/{calendar}/disconnect', { calendar: 'apple' }, { key, body: { id: apple.id } });
  }

  afterAll(async () => {
    const validating = OPERATIONS.filter((o) => outcomes.get(o.key)?.problems.length === 0).length;
    process.stdout.write(`reference shapes (rest): ${validating} of ${OPERATIONS.length} operations validate\n`);
    await Promise.all([stack?.stop(), provider?.stop(), caldav?.stop(), ics?.stop()]);
    restoreEnv();
  });

  it('every operation of these tags is called', () => {
    expect(OPERATIONS.length).toBeGreaterThan(50);
    expect(OPERATIONS.filter((o) => !outcomes.has(o.key)).map((o) => o.key)).toEqual([]);
  });

  it.each(OPERATIONS.map((o) => [o.key]))('%s answers 2xx in the reference shape', (key) => {
    expect(outcomes.get(key)?.problems ?? ['not called']).toEqual([]);
  });
});

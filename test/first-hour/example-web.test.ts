import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser, Page } from 'playwright-core';
import { RunningExampleWeb, serveExampleWeb } from '../../cli/example-web-server';
import { attendee, book, BOOKINGS_VERSION, EVERY_DAY, getSlots, Host, hostWithSchedule } from '../support/booking-fixtures';
import { launchChromium } from '../support/chromium';
import { ROOT } from '../support/cli';
import { eventually } from '../support/eventually';
import { buildExampleWeb, generateExamples, WEB_OUTPUT } from '../support/example-web-build';
import { expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { oauthClient, PASSWORD } from '../support/oauth';
import { reservedPort } from '../support/reserved-port';
import { startTestStack, TestStack } from '../support/stack';

/** Under dist/ (ignored by git, inside the repository so that node_modules resolves): the generated documents and the app's build. */
const WORK = join(ROOT, 'dist', 'example-web-test');
const UTC = 'UTC';

/** The fixtures, as the page must show them. */
const TEAM = 'Harbour Team';
const EVENT_TYPE = 'Harbour call';
const GUESTS = [attendee('ana', UTC), attendee('ben', UTC)];
const NEW_GUEST = { name: 'Noor New', email: 'noor@example.com' };

/** The id, in the manifest the codegen wrote, of the document of this operation ("query UpcomingBookings"). */
function manifestId(manifest: Record<string, string>, operation: string): string {
  const entry = Object.entries(manifest).find(([, text]) => text.startsWith(`${operation} `) || text.startsWith(`${operation}(`));
  if (!entry) throw new Error(`no ${operation} in the manifest`);
  return entry[0];
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.waitForURL(/\/auth\/login/);
  await page.fill('#email', email);
  await page.fill('#password', PASSWORD);
  await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
}

/**
 * The web example (examples/web: React, Apollo Client, Vite) in Chromium, served on another origin than the gateway, against a
 * gateway with CORS_ORIGINS set to the app's origin and GRAPHQL_TRUSTED_DOCUMENTS=only: sign-in as a public OAuth client with
 * PKCE, the bookings view from one trusted document, booking a slot of a team event type.
 */
describe('the web example: PKCE sign-in, the bookings view in one request, booking a team slot, from another origin', () => {
  let stack: TestStack;
  let browser: Browser;
  let app: RunningExampleWeb;
  let person: Host;
  let colleague: Awaited<ReturnType<typeof userWithKey>>;
  let manifest: Record<string, string>;
  let manifestsDir: string;
  let eventTypeId: number;

  beforeAll(async () => {
    rmSync(WORK, { recursive: true, force: true });
    manifestsDir = mkdtempSync(join(tmpdir(), 'example-web-manifests-'));
    // The app's origin must be known before the gateway starts (CORS_ORIGINS): a port named in advance, on loopback like the gateway,
    // so another origin only by its port.
    const appPort = await reservedPort();
    const appOrigin = `http://127.0.0.1:${appPort}`;
    const build = generateExamples(join(WORK, 'generated'), WEB_OUTPUT).then(() => buildExampleWeb(join(WORK, 'generated'), join(WORK, 'app')));
    const started = startTestStack({ gateway: { corsOrigins: appOrigin, trustedDocuments: 'only', trustedDocumentsDir: manifestsDir }, webhookWorker: false });
    [stack, browser] = await Promise.all([started, launchChromium(), build]);

    // The team: the person (its owner, and the host of its event type) and a colleague; two upcoming bookings with guests.
    const operator = operatorOf(stack);
    [person, colleague] = await Promise.all([
      hostWithSchedule(stack, { timeZone: UTC, availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '17:00' }] }, 'Pia Person'),
      userWithKey(stack, { name: 'Cole Colleague', timeZone: UTC }),
    ]);
    const team = await operator.createTeam({ name: TEAM, ownerId: person.user.id });
    await operator.addMember({ teamId: team.id, userId: colleague.user.id, role: MembershipRole.MEMBER });
    const hostIds = [person.user.id];
    const eventType = await operator.createEventType({ title: EVENT_TYPE, slug: 'harbour-call', lengthInMinutes: 30, teamId: team.id, hostIds });
    const from = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 4 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const { slots } = expectSuccess(await getSlots(stack, { eventTypeId: eventType.id, startTime: from, endTime: to }));
    const [first, second] = Object.values(slots as Record<string, Array<{ time: string }>>).flat();
    for (const [slot, guest] of [
      [first, GUESTS[0]],
      [second, GUESTS[1]],
    ] as const) {
      expectSuccess(await book(stack, { eventTypeId: eventType.id, start: new Date(slot.time).toISOString(), attendee: guest }), 201);
    }
    eventTypeId = eventType.id;

    // The app's public client, and its manifest shipped to the gateway's folder (as `npm run example:web` does).
    const { client } = await oauthClient(stack, person.user.id, { name: 'Bookings Web', isPublic: true, redirectUris: [`${appOrigin}/callback`] });
    manifest = JSON.parse(readFileSync(join(WORK, 'generated', 'web', 'persisted-documents.json'), 'utf8'));
    copyFileSync(join(WORK, 'generated', 'web', 'persisted-documents.json'), join(manifestsDir, 'example-web.json'));
    const shipped = await eventually(async () => {
      const answer = await fetch(`${stack.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ documentId: manifestId(manifest, 'query UpcomingBookings') }),
      });
      return ((await answer.json()) as any).errors?.[0]?.extensions?.code !== 'PERSISTED_QUERY_NOT_IN_LIST';
    });
    if (!shipped) throw new Error('the gateway does not serve the shipped manifest');
    app = await serveExampleWeb({ root: join(WORK, 'app'), config: { apiUrl: stack.url, clientId: client.id }, port: appPort, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await stack?.stop();
    rmSync(manifestsDir, { recursive: true, force: true });
    rmSync(WORK, { recursive: true, force: true });
  });

  let page: Page;
  /** The requests the page sent to the gateway's /graphql (preflights aside), with their bodies. */
  const graphqlPosts: any[] = [];

  it('signs in through the authorize page with PKCE and shows the upcoming bookings, attendees and team members from ONE request', async () => {
    expect(new URL(app.url).origin).not.toBe(new URL(stack.url).origin);
    page = await (await browser.newContext()).newPage();
    page.on('request', (request) => {
      if (request.url() === `${stack.url}/graphql` && request.method() !== 'OPTIONS') graphqlPosts.push(request.postDataJSON());
    });
    await page.goto(app.url);
    await page.click('#sign-in');
    await signIn(page, person.user.email);
    expect(new URL(page.url()).pathname).toBe('/auth/oauth2/authorize');
    expect(await page.textContent('h1')).toContain('Bookings Web');
    await Promise.all([page.waitForURL(`${app.url}/`), page.click('button[value=allow]')]);
    await page.waitForSelector('#bookings');

    expect(await page.textContent('#who')).toBe('Pia Person');
    const bookings = page.locator('#bookings .booking');
    expect(await bookings.count()).toBe(2);
    for (const [index, guest] of GUESTS.entries()) {
      const booking = bookings.nth(index);
      expect(await booking.locator('.event-type').textContent()).toBe(`${EVENT_TYPE} (30 min)`);
      expect(await booking.locator('.attendees li').allTextContents()).toEqual([`${guest.name} <${guest.email}>`]);
      expect(await booking.locator('.team-name').textContent()).toBe(TEAM);
      expect((await booking.locator('.members li').allTextContents()).sort()).toEqual(['Cole Colleague (member)', 'Pia Person (owner)']);
    }
    // One request for the whole view, sent as the trusted document's id with no text.
    expect(graphqlPosts).toEqual([{ documentId: manifestId(manifest, 'query UpcomingBookings'), operationName: 'UpcomingBookings', variables: {} }]);
  }, 60_000);

  it('books a free slot of the team event type for a guest; the view shows the new booking', async () => {
    graphqlPosts.length = 0;
    await page.click('#show-slots');
    await page.locator('.slot').first().click();
    await page.fill('#guest-name', NEW_GUEST.name);
    await page.fill('#guest-email', NEW_GUEST.email);
    await page.click('#guest button[type=submit]');
    await page.waitForSelector('#booked');
    expect(await page.textContent('#booked')).toMatch(/^Booked: .*\(accepted\)$/);
    await page.locator('#bookings .booking').nth(2).waitFor();
    expect(await page.locator('#bookings .attendees li').allTextContents()).toContain(`${NEW_GUEST.name} <${NEW_GUEST.email}>`);
    // Slots, the booking, the view again: each by its id.
    expect(graphqlPosts.map((post) => [post.operationName, post.documentId, post.query])).toEqual([
      ['TeamSlots', manifestId(manifest, 'query TeamSlots'), undefined],
      ['BookSlot', manifestId(manifest, 'mutation BookSlot'), undefined],
      ['UpcomingBookings', manifestId(manifest, 'query UpcomingBookings'), undefined],
    ]);
    // The API has it: the person's bookings with the guest.
    const found = expectSuccess(await stack.rest('GET', `/v2/bookings?attendeeEmail=${NEW_GUEST.email}`, { key: person.key, headers: BOOKINGS_VERSION }));
    expect(found.map((booking: any) => [booking.eventTypeId, booking.attendees.map((a: any) => a.email)])).toEqual([[eventTypeId, [NEW_GUEST.email]]]);
  }, 60_000);
});

import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';

/** One calendar of the loopback account: its events as iCalendar texts (one VCALENDAR per event). */
export interface CalDavCalendarRow {
  slug: string;
  name: string;
  /** Component set; default ['VEVENT']. */
  components?: string[];
  events: string[];
}

/**
 * A loopback CalDAV server (node:http) of one account, like iCloud's: basic auth checked on every
 * request (401 otherwise), PROPFIND of the principal, the calendar home and its calendars (Depth 1),
 * and REPORT calendar-query answering every event's calendar data (the service filters the range).
 * Tests set the account and read what was asked (`requests`).
 */
export interface CalDavServer {
  url: string;
  account: { username: string; password: string; calendars: CalDavCalendarRow[] };
  requests: Array<{ method: string; path: string; depth: string | undefined; authorized: boolean; body: string }>;
  stop(): Promise<void>;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const multistatus = (responses: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<d:multistatus xmlns:d="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav">${responses.join('')}</d:multistatus>`;
const ok = (href: string, props: string) =>
  `<d:response><d:href>${href}</d:href><d:propstat><d:prop>${props}</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>`;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

export async function startCalDavServer(): Promise<CalDavServer> {
  const state: CalDavServer = {
    url: '',
    account: { username: 'booker@icloud.example', password: 'abcd-efgh-ijkl-mnop', calendars: [] },
    requests: [],
    stop: async () => undefined,
  };
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const [scheme, encoded] = (req.headers.authorization ?? '').split(' ');
    const authorized = scheme === 'Basic' && Buffer.from(encoded ?? '', 'base64').toString('utf8') === `${state.account.username}:${state.account.password}`;
    state.requests.push({ method: req.method ?? '', path, depth: req.headers.depth as string | undefined, authorized, body });
    if (!authorized) return void res.writeHead(401, { 'www-authenticate': 'Basic realm="loopback caldav"' }).end();
    const answer = (xml: string) => void res.writeHead(207, { 'content-type': 'application/xml; charset=utf-8' }).end(xml);
    const home = '/1234/calendars/';
    if (req.method === 'PROPFIND' && path === '/')
      return answer(multistatus([ok('/', '<d:current-user-principal><d:href>/1234/principal/</d:href></d:current-user-principal>')]));
    if (req.method === 'PROPFIND' && path === '/1234/principal/')
      return answer(multistatus([ok(path, `<cal:calendar-home-set><d:href>${home}</d:href></cal:calendar-home-set>`)]));
    if (req.method === 'PROPFIND' && path === home) {
      return answer(
        multistatus([
          ok(home, '<d:resourcetype><d:collection/></d:resourcetype>'),
          ...state.account.calendars.map((c) =>
            ok(
              `${home}${c.slug}/`,
              `<d:displayname>${escape(c.name)}</d:displayname><d:resourcetype><d:collection/><cal:calendar/></d:resourcetype>` +
                `<cal:supported-calendar-component-set>${(c.components ?? ['VEVENT']).map((n) => `<cal:comp name="${n}"/>`).join('')}</cal:supported-calendar-component-set>`,
            ),
          ),
        ]),
      );
    }
    const calendar = state.account.calendars.find((c) => path === `${home}${c.slug}/`);
    if (req.method === 'REPORT' && calendar) {
      return answer(
        multistatus(
          calendar.events.map((ics, i) => ok(`${path}event-${i}.ics`, `<d:getetag>"${i}"</d:getetag><cal:calendar-data>${escape(ics)}</cal:calendar-data>`)),
        ),
      );
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

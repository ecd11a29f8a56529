import type { XMLParser } from 'fast-xml-parser';
import { isIP } from 'node:net';
import { fetchOutbound, OutboundError } from '../../../platform/outbound';
import { parseIcsFeed } from '../ics/ics-feed';
import { ProviderBusy, ProviderCalendar } from '../provider-oauth/provider-calendars';
import { setting } from '../../../platform/configuration/settings';

/**
 * A CalDAV client (RFC 4791) for calendars connected with a username and an app-specific password
 * (Apple iCloud): basic auth, discovery by PROPFIND (current-user-principal → calendar-home-set →
 * the calendars in it) and busy times by a REPORT calendar-query of the VEVENTs in a time range,
 * whose calendar data is read with the ICS parser of the feeds. Every request goes through the
 * outbound policy (platform/outbound.ts).
 */

export interface CalDavAccount {
  username: string;
  password: string;
}

/** The server refused the username and password (401 / 403). */
export class CalDavUnauthorized extends Error {}
/** The server answered something that is not CalDAV, or could not be reached. */
export class CalDavUnavailable extends Error {}

/** Where Apple's CalDAV server is (`APPLE_CALDAV_URL`, default iCloud's). */
export const appleCalDavUrl = () => setting('APPLE_CALDAV_URL').replace(/\/+$/, '');

let parser: XMLParser | undefined;
/** fast-xml-parser is loaded with the first CalDAV answer, not at start. */
const xml = () =>
  (parser ??= new (require('fast-xml-parser') as typeof import('fast-xml-parser')).XMLParser({
    removeNSPrefix: true,
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    trimValues: true,
    isArray: (name) => ['response', 'propstat', 'comp'].includes(name),
  }));

const PRINCIPAL = `<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop><d:current-user-principal/></d:prop></d:propfind>`;
const HOME_SET = `<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><c:calendar-home-set/></d:prop></d:propfind>`;
const CALENDARS = `<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:displayname/><d:resourcetype/><c:supported-calendar-component-set/></d:prop></d:propfind>`;
const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const eventsBetween = (from: Date, to: Date) =>
  `<?xml version="1.0" encoding="utf-8"?><c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><c:calendar-data/></d:prop>` +
  `<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"><c:time-range start="${stamp(from)}" end="${stamp(to)}"/></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`;

type Xml = Record<string, unknown>;
interface DavResponse {
  href: string;
  prop: Xml;
}

/**
 * The server's hrefs are followed only on the configured server's site (its host, or a sibling host
 * of the same parent domain, as iCloud answers `pNN-caldav.icloud.com`): the password is never sent elsewhere.
 */
function sameSite(target: URL, base: URL): boolean {
  if (target.protocol !== base.protocol && !(base.protocol === 'http:' && target.protocol === 'https:')) return false;
  if (target.host === base.host) return true;
  if (isIP(base.hostname) || isIP(target.hostname)) return false;
  const parent = (host: string) => host.split('.').slice(-2).join('.');
  return parent(target.hostname) === parent(base.hostname) && base.hostname.split('.').length > 2;
}

async function dav(base: URL, account: CalDavAccount, method: 'PROPFIND' | 'REPORT', href: string, depth: '0' | '1', body: string): Promise<DavResponse[]> {
  const target = new URL(href, base);
  if (!sameSite(target, base)) throw new CalDavUnavailable(`the CalDAV server pointed to another site (${target.host})`);
  let answer;
  try {
    answer = await fetchOutbound(target, {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`,
        depth,
        'content-type': 'application/xml; charset=utf-8',
        accept: 'application/xml, text/xml',
      },
      body,
      maxResponseBytes: 5 * 1024 * 1024,
    });
  } catch (error) {
    throw new CalDavUnavailable(`the CalDAV server could not be reached: ${(error as OutboundError).message}`);
  }
  if (answer.status === 401 || answer.status === 403) throw new CalDavUnauthorized('the CalDAV server refused the username and app-specific password');
  if (answer.status !== 207) throw new CalDavUnavailable(`the CalDAV server answered ${answer.status} to ${method} ${target.pathname}`);
  let parsed: Xml;
  try {
    parsed = xml().parse(answer.body.toString('utf8')) as Xml;
  } catch (error) {
    throw new CalDavUnavailable(`the CalDAV server answered malformed XML: ${(error as Error).message}`);
  }
  const responses = ((parsed.multistatus as Xml | undefined)?.response ?? []) as Xml[];
  return responses.map((r) => {
    // Only the properties the server found (a 200 propstat) count.
    const found = ((r.propstat ?? []) as Xml[]).filter((p) => !/ [45]\d\d /.test(String(p.status ?? '')));
    return { href: textOf(r.href) ?? '', prop: Object.assign({}, ...found.map((p) => (p.prop as Xml) ?? {})) as Xml };
  });
}

/** An element's text, whether or not the server gave it attributes. */
const textOf = (value: unknown): string | null => {
  const text = typeof value === 'string' ? value : (value as Xml | undefined)?.['#text'];
  return typeof text === 'string' && text ? text : null;
};
const hrefIn = (value: unknown): string | null => textOf((value as Xml | undefined)?.href);

/** The account's calendars of events (those whose component set includes VEVENT, or says nothing), checking the credentials on the way. */
export async function listCalDavCalendars(serverUrl: string, account: CalDavAccount): Promise<ProviderCalendar[]> {
  const base = new URL(`${serverUrl}/`);
  const [root] = await dav(base, account, 'PROPFIND', base.pathname, '0', PRINCIPAL);
  const principal = hrefIn(root?.prop['current-user-principal']);
  if (!principal) throw new CalDavUnavailable('the CalDAV server named no current-user-principal');
  const [me] = await dav(base, account, 'PROPFIND', principal, '0', HOME_SET);
  const home = hrefIn(me?.prop['calendar-home-set']);
  if (!home) throw new CalDavUnavailable('the CalDAV server named no calendar-home-set');
  const homeUrl = new URL(home, base);
  const children = await dav(base, account, 'PROPFIND', homeUrl.href, '1', CALENDARS);
  const calendars = children.filter((c) => {
    const types = c.prop.resourcetype as Xml | undefined;
    if (!types || typeof types !== 'object' || !('calendar' in types)) return false;
    const comps = ((c.prop['supported-calendar-component-set'] as Xml | undefined)?.comp ?? null) as Xml[] | null;
    return comps === null || comps.some((comp) => String(comp?.['@_name'] ?? '').toUpperCase() === 'VEVENT');
  });
  return calendars.map((c, i) => ({
    externalId: new URL(c.href, base).href,
    name: textOf(c.prop.displayname),
    primary: i === 0,
    readOnly: false,
  }));
}

/** Busy intervals of the calendars' events in [from, to) (transparent and cancelled events left out, recurrences expanded). */
export async function readCalDavBusy(serverUrl: string, account: CalDavAccount, calendarIds: string[], from: Date, to: Date): Promise<ProviderBusy[]> {
  const base = new URL(`${serverUrl}/`);
  const busy: ProviderBusy[] = [];
  for (const externalId of calendarIds) {
    const events = await dav(base, account, 'REPORT', externalId, '1', eventsBetween(from, to));
    for (const event of events) {
      const data = textOf(event.prop['calendar-data']);
      if (!data?.trim()) continue;
      let parsed;
      try {
        parsed = parseIcsFeed(data, from);
      } catch {
        continue; // one unreadable event does not hide the others
      }
      for (const b of parsed.busy) if (b.end > from && b.start < to) busy.push({ externalId, start: b.start, end: b.end });
    }
  }
  return busy;
}

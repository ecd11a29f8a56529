import type ICAL from 'ical.js';
import { createHash } from 'node:crypto';
import { fetchOutbound } from '../../../platform/outbound';

export interface BusyInterval {
  start: Date;
  end: Date;
}

/** How far ahead (and behind) a feed's events are kept: slots are asked for at most a year ahead. */
const WINDOW_BEHIND_MS = 2 * 86_400_000;
const WINDOW_AHEAD_MS = 400 * 86_400_000;
/** Occurrences read per recurring event at most, so an unbounded RRULE cannot run forever. */
const MAX_OCCURRENCES = 2_000;
/** Events kept per feed at most. */
const MAX_EVENTS = 20_000;

/** A feed's calendar id: not the URL itself, which carries the feed's access token. */
export function feedExternalId(url: string): string {
  return `ics-feed-${createHash('sha256').update(url).digest('hex').slice(0, 16)}`;
}

export class FeedUnreadable extends Error {}

/** The calendar's name (X-WR-CALNAME) and its busy intervals in the window around `now`. */
export interface ParsedFeed {
  name: string | null;
  busy: BusyInterval[];
}

/** Parses iCalendar text; transparent (free) and cancelled events are left out, recurrences expanded. */
export function parseIcsFeed(text: string, now = new Date()): ParsedFeed {
  // ical.js is loaded with the first feed, not at start.
  const ICAL = require('ical.js') as typeof import('ical.js').default;
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(text));
  } catch (error) {
    throw new FeedUnreadable(`not iCalendar data: ${(error as Error).message}`);
  }
  if (calendar.name !== 'vcalendar') throw new FeedUnreadable('not a VCALENDAR');
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    const tzid = zone.getFirstPropertyValue('tzid');
    if (typeof tzid === 'string' && !ICAL.TimezoneService.has(tzid)) ICAL.TimezoneService.register(zone);
  }
  const from = now.getTime() - WINDOW_BEHIND_MS;
  const to = now.getTime() + WINDOW_AHEAD_MS;
  const busy: BusyInterval[] = [];
  const keep = (start: Date, end: Date) => {
    if (end.getTime() > from && start.getTime() < to && end > start && busy.length < MAX_EVENTS) busy.push({ start, end });
  };
  for (const component of calendar.getAllSubcomponents('vevent')) {
    if (String(component.getFirstPropertyValue('transp') ?? '').toUpperCase() === 'TRANSPARENT') continue;
    if (String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED') continue;
    const event = new ICAL.Event(component);
    if (!event.startDate) continue;
    if (!event.isRecurring()) {
      keep(event.startDate.toJSDate(), (event.endDate ?? event.startDate).toJSDate());
      continue;
    }
    const occurrences = event.iterator();
    for (let i = 0, next = occurrences.next(); next && i < MAX_OCCURRENCES; i++, next = occurrences.next()) {
      if (next.toJSDate().getTime() >= to) break;
      const details = event.getOccurrenceDetails(next);
      keep(details.startDate.toJSDate(), details.endDate.toJSDate());
    }
  }
  const name = calendar.getFirstPropertyValue('x-wr-calname');
  return { name: typeof name === 'string' ? name : null, busy };
}

/** GETs a feed under the outbound policy (private targets refused unless allowed, timeout, size cap) and parses it. */
export async function readIcsFeed(url: string, now = new Date()): Promise<ParsedFeed> {
  const target = url.replace(/^webcals?:\/\//i, (scheme) => (scheme.toLowerCase() === 'webcals://' ? 'https://' : 'http://'));
  let response;
  try {
    response = await fetchOutbound(target, { headers: { accept: 'text/calendar, */*;q=0.5' }, maxResponseBytes: 5 * 1024 * 1024 });
  } catch (error) {
    throw new FeedUnreadable((error as Error).message);
  }
  if (response.status < 200 || response.status >= 300) throw new FeedUnreadable(`HTTP ${response.status}`);
  return parseIcsFeed(response.body.toString('utf8'), now);
}

import { GraphQLError } from 'graphql';
import { DateTime } from 'luxon';
import { DataSource, EntityManager, In } from 'typeorm';
import { claimDueCredentials } from './due-credentials';
import { badInput, notFound, notFoundSaying } from '../../../platform/errors';
import { isIanaTimeZone } from '../../../platform/time-zones';
import { checkOutboundUrlWithoutLookup, OutboundError } from '../../../platform/outbound';
import { decryptProviderSecret, encryptProviderSecret } from '../provider-secret';
import { calendarAppOfType, CALENDAR_APPS } from './calendar-apps';
import { APPLE_CALENDAR_APP, AppleCalendarKey } from './apple-calendar.service';
import { OAUTH_CALENDAR_APPS, OAuthCalendarKey } from './calendar-connect.service';
import { CalendarCredential, ICS_FEED_APP, ICS_FEED_TYPE } from './calendar-credential.entity';
import { BusyTime, CalendarToLoadInput, ConnectedCalendar, ConnectedCalendars, ConnectionCalendar, UserBusyTime } from './calendar.types';
import { DestinationCalendar } from './destination-calendar.entity';
import { FeedEvent } from './feed-event.entity';
import { BusyInterval, feedExternalId, ParsedFeed, readIcsFeed } from '../ics/ics-feed';
import { SelectedCalendar } from './selected-calendar.entity';

/** What an ICS credential's key holds (encrypted): the URLs, and the names their feeds gave. */
interface IcsFeedKey {
  urls: string[];
  names: Array<string | null>;
}

/** The real service's answer when a feed cannot be fetched or parsed (its IcsFeedService). */
export const ICS_FEED_UNREADABLE = 'Could not add ICS feeds, try using private ics feed.';

const unreadable = () => new GraphQLError(ICS_FEED_UNREADABLE, { extensions: { code: 'BAD_USER_INPUT', field: 'urls' } });

function checkFeedUrls(urls: unknown): string[] {
  if (!Array.isArray(urls) || urls.length === 0) throw badInput('urls', 'urls must hold at least one ICS feed URL');
  const trimmed = urls.map((url, i) => {
    const value = String(url).trim();
    const target = value.replace(/^webcals?:\/\//i, (scheme) => (scheme.toLowerCase() === 'webcals://' ? 'https://' : 'http://'));
    try {
      checkOutboundUrlWithoutLookup(target);
    } catch (error) {
      throw badInput(`urls[${i}]`, `urls[${i}] must be an http(s) or webcal URL the service may reach: ${(error as Error).message}`);
    }
    return value;
  });
  if (new Set(trimmed).size !== trimmed.length) throw badInput('urls', 'urls must not repeat a URL');
  return trimmed;
}

/** Replaces a credential's cached events with what its feeds answered, in the given transaction. */
async function storeFeedEvents(tx: EntityManager, credential: CalendarCredential, urls: string[], feeds: ParsedFeed[]): Promise<void> {
  await tx.delete(FeedEvent, { credentialId: credential.id });
  const rows = feeds.flatMap((feed, i) =>
    feed.busy.map((b: BusyInterval) => ({
      credentialId: credential.id,
      userId: credential.userId,
      externalId: feedExternalId(urls[i]),
      start: b.start,
      end: b.end,
    })),
  );
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(FeedEvent, rows.slice(i, i + 1000));
}

/**
 * Calendars of a user: ICS feeds (fetched and parsed when saved, then refreshed in the background by
 * IcsFeedRefresher), the calendars checked for conflicts and the destination calendar.
 */
export class CalendarService {
  constructor(private readonly db: DataSource) {}

  /** POST /v2/calendars/ics-feed/save: every URL is read before anything is stored; one ICS credential per user (replaced). */
  async saveIcsFeed(userId: number, input: { urls: string[]; readOnly?: boolean | null }): Promise<CalendarCredential> {
    const urls = checkFeedUrls(input.urls);
    const feeds = await Promise.all(urls.map((url) => readIcsFeed(url).catch(() => null)));
    if (feeds.some((feed) => feed === null)) throw unreadable();
    const parsed = feeds as ParsedFeed[];
    const key: IcsFeedKey = { urls, names: parsed.map((f) => f.name) };
    return this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO calendar_credentials (user_id, type, app_id, read_only, key_ciphertext, refreshed_at, invalid)
         VALUES ($1, $2, $3, $4, $5, now(), false)
         ON CONFLICT (user_id, app_id) DO UPDATE SET read_only = EXCLUDED.read_only, key_ciphertext = EXCLUDED.key_ciphertext, refreshed_at = now(), invalid = false, refresh_error = NULL`,
        [userId, ICS_FEED_TYPE, ICS_FEED_APP, input.readOnly ?? true, encryptProviderSecret(key)],
      );
      const credential = await tx.findOneByOrFail(CalendarCredential, { userId, appId: ICS_FEED_APP });
      await storeFeedEvents(tx, credential, urls, parsed);
      // The feeds' calendars are checked for conflicts; selections of URLs no longer saved go.
      const externalIds = urls.map(feedExternalId);
      await tx
        .createQueryBuilder()
        .delete()
        .from(SelectedCalendar)
        .where('credential_id = :id AND NOT (external_id = ANY(:ids))', { id: credential.id, ids: externalIds })
        .execute();
      for (const externalId of externalIds) {
        await tx.query(`INSERT INTO selected_calendars (user_id, integration, external_id, credential_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [
          userId,
          ICS_FEED_TYPE,
          externalId,
          credential.id,
        ]);
      }
      await tx
        .createQueryBuilder()
        .delete()
        .from(DestinationCalendar)
        .where('credential_id = :id AND NOT (external_id = ANY(:ids))', { id: credential.id, ids: externalIds })
        .execute();
      return credential;
    });
  }

  /** GET /v2/calendars/ics-feed/check: the real service's answers when there is no feed or it went invalid. */
  async checkIcsFeed(userId: number): Promise<{ status: string }> {
    const credential = await this.db.getRepository(CalendarCredential).findOneBy({ userId, appId: ICS_FEED_APP });
    if (!credential) throw badInput('credential', 'Credentials for Ics Feed calendar not found.');
    if (credential.invalid) throw badInput('credential', 'Invalid Ics Feed credentials.');
    return { status: 'success' };
  }

  private calendarsOf(credential: CalendarCredential, selected: SelectedCalendar[]): ConnectionCalendar[] {
    if (OAUTH_CALENDAR_APPS.includes(credential.appId) || credential.appId === APPLE_CALENDAR_APP) {
      // OAuth and CalDAV keys both hold the account's calendars.
      const { calendars } = decryptProviderSecret<OAuthCalendarKey | AppleCalendarKey>(credential.keyCiphertext);
      return calendars.map((c) => ({
        externalId: c.externalId,
        integration: credential.type,
        name: c.name,
        primary: c.primary,
        readOnly: c.readOnly,
        isSelected: selected.some((s) => s.credentialId === credential.id && s.externalId === c.externalId),
        credentialId: credential.id,
        delegationCredentialId: null,
      }));
    }
    if (credential.appId !== ICS_FEED_APP) return [];
    const key = decryptProviderSecret<IcsFeedKey>(credential.keyCiphertext);
    return key.urls.map((url, i) => {
      const externalId = feedExternalId(url);
      return {
        externalId,
        integration: credential.type,
        name: key.names[i] ?? `ICS feed ${i + 1}`,
        primary: i === 0,
        readOnly: credential.readOnly,
        isSelected: selected.some((s) => s.credentialId === credential.id && s.externalId === externalId),
        credentialId: credential.id,
        delegationCredentialId: null,
      };
    });
  }

  /** GET /v2/calendars. */
  async connectedCalendars(userId: number): Promise<ConnectedCalendars> {
    const [credentials, selected, destination] = await Promise.all([
      this.db.getRepository(CalendarCredential).find({ where: { userId }, order: { id: 'ASC' } }),
      this.db.getRepository(SelectedCalendar).findBy({ userId }),
      this.db.getRepository(DestinationCalendar).findOneBy({ userId }),
    ]);
    const connectedCalendars: ConnectedCalendar[] = credentials.map((credential) => {
      const calendars = this.calendarsOf(credential, selected);
      const app = CALENDAR_APPS[credential.appId];
      return {
        integration: { ...app, installed: true, dirName: credential.appId, appData: null },
        credentialId: credential.id,
        delegationCredentialId: null,
        primary: calendars.find((c) => c.primary) ?? null,
        calendars,
      };
    });
    return { connectedCalendars, destinationCalendar: destination };
  }

  /** A calendar of one of the user's credentials, or NOT_FOUND / a 400 naming the field. */
  private async calendarOf(userId: number, integration: string, externalId: string, credentialId?: number): Promise<ConnectionCalendar> {
    if (!calendarAppOfType(integration))
      throw badInput(
        'integration',
        `integration must be one of ${Object.values(CALENDAR_APPS)
          .map((a) => a.type)
          .join(', ')}`,
      );
    const where = credentialId == null ? { userId, type: integration } : { userId, id: credentialId };
    const credentials = await this.db.getRepository(CalendarCredential).findBy(where);
    if (credentialId != null && (!credentials.length || credentials[0].type !== integration)) throw notFound('Calendar credential', credentialId);
    const calendar = credentials.flatMap((c) => this.calendarsOf(c, [])).find((c) => c.externalId === externalId);
    if (!calendar)
      throw badInput('externalId', `externalId is not a calendar of the caller's ${integration} connection${credentialId == null ? '' : ` ${credentialId}`}`);
    return calendar;
  }

  /** POST /v2/selected-calendars. */
  async selectCalendar(
    userId: number,
    input: { integration: string; externalId: string; credentialId: number; delegationCredentialId?: string | null },
  ): Promise<SelectedCalendar> {
    if (input.delegationCredentialId != null) throw badInput('delegationCredentialId', 'delegationCredentialId is not supported for selected calendars');
    await this.calendarOf(userId, input.integration, input.externalId, input.credentialId);
    await this.db.query(`INSERT INTO selected_calendars (user_id, integration, external_id, credential_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [
      userId,
      input.integration,
      input.externalId,
      input.credentialId,
    ]);
    return this.db
      .getRepository(SelectedCalendar)
      .findOneByOrFail({ userId, integration: input.integration, externalId: input.externalId, credentialId: input.credentialId });
  }

  /** DELETE /v2/selected-calendars: answers the removed selection; one that does not exist is NOT_FOUND. */
  async unselectCalendar(
    userId: number,
    input: { integration: string | null; externalId: string | null; credentialId: string | null; delegationCredentialId?: string | null },
  ): Promise<SelectedCalendar> {
    for (const field of ['integration', 'externalId', 'credentialId'] as const) if (!input[field]) throw badInput(field, `${field} is required`);
    const credentialId = Number(input.credentialId);
    if (!Number.isSafeInteger(credentialId)) throw badInput('credentialId', 'credentialId must be an integer');
    const selected = await this.db
      .getRepository(SelectedCalendar)
      .findOneBy({ userId, integration: input.integration!, externalId: input.externalId!, credentialId });
    if (!selected) throw notFound('Selected calendar', input.externalId);
    await this.db.getRepository(SelectedCalendar).delete({ id: selected.id });
    return selected;
  }

  /** PUT /v2/destination-calendars: a writable calendar of one of the user's connections. */
  async setDestination(
    userId: number,
    input: { integration: string; externalId: string; delegationCredentialId?: string | null },
  ): Promise<DestinationCalendar> {
    if (input.delegationCredentialId != null) throw badInput('delegationCredentialId', 'delegationCredentialId is not supported for destination calendars');
    const calendar = await this.calendarOf(userId, input.integration, input.externalId);
    if (calendar.readOnly) throw badInput('externalId', 'externalId is a read-only calendar: bookings cannot be written to it');
    const destination = Object.assign(new DestinationCalendar(), {
      userId,
      integration: input.integration,
      externalId: input.externalId,
      credentialId: calendar.credentialId,
    });
    return this.db.getRepository(DestinationCalendar).save(destination);
  }

  /**
   * GET /v2/calendars/busy-times: the cached busy intervals of the caller's calendars, of those `calendarsToLoad` names
   * (or the reference's flat credentialId / externalId), each credential the caller's. The caller's time zone (timeZone,
   * or the reference's loggedInUsersTz) is required, as the reference and the real service require it; `dateFrom` and
   * `dateTo` days are days of that zone.
   */
  async busyTimes(
    userId: number,
    query: {
      dateFrom?: string | null;
      dateTo?: string | null;
      credentialId?: number | null;
      externalId?: string | null;
      calendarsToLoad?: CalendarToLoadInput[] | null;
      timeZone?: string | null;
    },
  ): Promise<BusyTime[]> {
    const { timeZone } = query;
    if (timeZone == null || timeZone === '') throw badInput('timeZone', 'Either timeZone or loggedInUsersTz must be provided');
    if (!isIanaTimeZone(timeZone)) throw badInput('timeZone', `timeZone must be an IANA time zone, got ${JSON.stringify(timeZone)}`);
    const from = parseDate('dateFrom', query.dateFrom, timeZone) ?? new Date();
    const to = parseDate('dateTo', query.dateTo, timeZone, true) ?? new Date(from.getTime() + 7 * 86_400_000);
    if (to <= from) throw badInput('dateTo', 'dateTo must be after dateFrom');
    const calendars = checkCalendarsToLoad(query);
    await this.checkCredentialsOwned(userId, calendars ?? (query.credentialId != null ? [{ credentialId: query.credentialId }] : []), calendars !== null);
    const builder = this.db
      .getRepository(FeedEvent)
      .createQueryBuilder('e')
      .where('e.user_id = :userId AND e.start_time < :to AND e.end_time > :from', { userId, from, to })
      .orderBy('e.start_time', 'ASC')
      .limit(5000);
    if (calendars) {
      builder.andWhere('(e.credential_id, e.external_id) IN (SELECT * FROM unnest(CAST(:credentialIds AS int[]), CAST(:externalIds AS text[])))', {
        credentialIds: calendars.map((c) => c.credentialId),
        externalIds: calendars.map((c) => c.externalId),
      });
    }
    if (query.credentialId != null) builder.andWhere('e.credential_id = :credentialId', { credentialId: query.credentialId });
    if (query.externalId != null) builder.andWhere('e.external_id = :externalId', { externalId: query.externalId });
    const events = await builder.getMany();
    return events.map((e) => ({ start: e.start, end: e.end, source: e.externalId }));
  }

  /**
   * Every credential a busy-times request names is one of the caller's: another user's, or none, is NOT_FOUND naming
   * the parameter (`calendarsToLoad[i][credentialId]`, or `credentialId`), whether it exists or not.
   */
  private async checkCredentialsOwned(userId: number, named: Array<{ credentialId: number }>, listed: boolean): Promise<void> {
    if (!named.length) return;
    const ids = [...new Set(named.map((c) => c.credentialId))];
    const owned = new Set((await this.db.getRepository(CalendarCredential).find({ select: { id: true }, where: { userId, id: In(ids) } })).map((c) => c.id));
    const index = named.findIndex((c) => !owned.has(c.credentialId));
    if (index < 0) return;
    const parameter = listed ? `calendarsToLoad[${index}][credentialId]` : 'credentialId';
    throw notFoundSaying(`${parameter}: no calendar credential ${named[index].credentialId} of yours`);
  }

  /** Busy intervals of the users' selected calendars in [from, to): what makes their slots unavailable. */
  async busyOfUsers(userIds: number[], from: Date, to: Date): Promise<UserBusyTime[]> {
    if (!userIds.length) return [];
    return this.db.query(
      `SELECT e.user_id AS "userId", e.start_time AS "start", e.end_time AS "end"
         FROM calendar_feed_events e
         JOIN selected_calendars s ON s.credential_id = e.credential_id AND s.external_id = e.external_id
         JOIN calendar_credentials c ON c.id = e.credential_id AND NOT c.invalid
        WHERE e.user_id = ANY($1) AND e.start_time < $3 AND e.end_time > $2
        ORDER BY e.start_time LIMIT 20000`,
      [userIds, from, to],
    );
  }

  /** Re-reads the ICS feeds not read for `intervalMs` (a few per call); claims them first so replicas share the work. */
  async refreshDueFeeds(intervalMs: number, batch = 10): Promise<number> {
    const due = await claimDueCredentials(this.db, [ICS_FEED_APP], intervalMs, batch, { skipInvalid: false });
    for (const credential of due) {
      const { id } = credential;
      const { urls } = decryptProviderSecret<IcsFeedKey>(credential.keyCiphertext);
      try {
        const feeds = await Promise.all(urls.map((url) => readIcsFeed(url)));
        await this.db.transaction(async (tx) => {
          // The credential's row first, as saveIcsFeed takes it: one lock order, so a save during a refresh waits instead of
          // deadlocking (it was a 500). A feed saved since the claim wins: its events are not replaced by the old URLs'.
          const [current] = await tx.query(`SELECT key_ciphertext FROM calendar_credentials WHERE id = $1 FOR UPDATE`, [id]);
          if (current?.key_ciphertext !== credential.keyCiphertext) return;
          await tx.update(CalendarCredential, { id }, { refreshError: null });
          await storeFeedEvents(tx, credential, urls, feeds);
        });
      } catch (error) {
        // A feed that fails now keeps its last events: an unreachable server is not a free calendar.
        const message = error instanceof OutboundError || error instanceof Error ? error.message : String(error);
        await this.db.getRepository(CalendarCredential).update({ id }, { refreshError: message.slice(0, 500) });
      }
    }
    return due.length;
  }

  /** Ids of the user's credentials, for validation elsewhere. */
  async credentialIdsOf(userId: number, ids: number[]): Promise<number[]> {
    return (await this.db.getRepository(CalendarCredential).findBy({ userId, id: In(ids) })).map((c) => c.id);
  }
}

/**
 * A `YYYY-MM-DD` day (its start, or with `endOfDay` the next day's start) or an ISO 8601 date-time, read in `timeZone`
 * (a date-time with an offset keeps it); a 400 naming the field otherwise.
 */
function parseDate(field: string, value: string | null | undefined, timeZone: string, endOfDay = false): Date | null {
  if (value == null || value === '') return null;
  const parsed = /^\d{4}-\d{2}-\d{2}/.test(value) ? DateTime.fromISO(value, { zone: timeZone }) : null;
  if (!parsed?.isValid) throw badInput(field, `${field} must be a date (YYYY-MM-DD) or an ISO 8601 date-time`);
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  return (day && endOfDay ? parsed.plus({ days: 1 }) : parsed).toJSDate();
}

/** The most calendars one busy-times request names in `calendarsToLoad`. */
export const MAX_CALENDARS_TO_LOAD = 50;

/** `calendarsToLoad`, checked: not with the flat credentialId/externalId, one to MAX_CALENDARS_TO_LOAD entries; null when absent. */
function checkCalendarsToLoad(query: {
  credentialId?: number | null;
  externalId?: string | null;
  calendarsToLoad?: CalendarToLoadInput[] | null;
}): CalendarToLoadInput[] | null {
  const calendars = query.calendarsToLoad;
  if (calendars == null) return null;
  if (query.credentialId != null || query.externalId != null) {
    throw badInput('calendarsToLoad', 'calendarsToLoad names the calendars: send it or credentialId/externalId, not both');
  }
  if (calendars.length === 0) throw badInput('calendarsToLoad', 'calendarsToLoad must name at least one calendar');
  if (calendars.length > MAX_CALENDARS_TO_LOAD) {
    throw badInput('calendarsToLoad', `calendarsToLoad names at most ${MAX_CALENDARS_TO_LOAD} calendars, got ${calendars.length}`);
  }
  const blank = calendars.findIndex((c) => c.externalId.trim() === '');
  if (blank >= 0) throw badInput(`calendarsToLoad[${blank}][externalId]`, `calendarsToLoad[${blank}][externalId] must not be empty`);
  return calendars;
}

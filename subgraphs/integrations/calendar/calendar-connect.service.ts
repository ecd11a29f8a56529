import { DataSource } from 'typeorm';
import { AppleCalendarService } from './apple-calendar.service';
import { claimDueCredentials } from './due-credentials';
import { badInput, notFound } from '../../../platform/errors';
import { OutboundError } from '../../../platform/outbound';
import { CALENDAR_PATH_APPS } from '../provider-oauth/oauth-providers';
import {
  authorizationUrl,
  consumeState,
  exchangeCode,
  freshTokens,
  oauthProviderOf,
  ProviderOAuthError,
  ProviderTokens,
} from '../provider-oauth/provider-oauth';
import { listProviderCalendars, ProviderCalendar, readProviderBusy } from '../provider-oauth/provider-calendars';
import { decryptProviderSecret, encryptProviderSecret } from '../provider-secret';
import { CALENDAR_APPS } from './calendar-apps';
import { CalendarCredential } from './calendar-credential.entity';
import { FeedEvent } from './feed-event.entity';

/** What an OAuth calendar credential's sealed key holds: the tokens and the account's calendars. */
export interface OAuthCalendarKey {
  tokens: ProviderTokens;
  calendars: ProviderCalendar[];
}

export const OAUTH_CALENDAR_APPS = Object.values(CALENDAR_PATH_APPS);
/** How far ahead busy times are read from a provider (the slots of the coming weeks). */
const BUSY_WINDOW_MS = 60 * 86_400_000;
const MAX_CALENDARS = 25;

/** The app of the reference's `{calendar}` path parameter (`google`, `office365`); a 400 naming `calendar` otherwise. */
export function calendarAppOfPath(calendar: string, allowed = Object.keys(CALENDAR_PATH_APPS)): string {
  if (!allowed.includes(calendar)) throw badInput('calendar', `calendar must be one of ${allowed.join(', ')}, got ${JSON.stringify(calendar)}`);
  return CALENDAR_PATH_APPS[calendar];
}

const providerFailure = (error: unknown) => badInput('code', `The calendar provider refused the connection: ${(error as Error).message}`);

/**
 * Google and Microsoft 365 calendars connected with OAuth: the consent URL, the callback that stores
 * the sealed tokens and the calendars, busy times read into the same cache as ICS feeds, disconnect.
 */
export class CalendarConnectService {
  constructor(private readonly db: DataSource) {}

  /** GET /v2/calendars/{calendar}/connect: the provider's consent URL, its state bound to the caller. */
  async connectUrl(userId: number, calendar: string, redir: string | null): Promise<{ authUrl: string }> {
    const provider = oauthProviderOf(calendarAppOfPath(calendar), 'calendar');
    return { authUrl: await authorizationUrl(this.db, provider, { userId }, { returnTo: redir }) };
  }

  /** GET /v2/calendars/{calendar}/save (the provider's redirect): consumes the state, exchanges the code, stores the credential. */
  async save(calendar: string, state: string | null, code: string | null): Promise<{ credentialId: number; redirectUrl: string | null }> {
    const provider = oauthProviderOf(calendarAppOfPath(calendar), 'calendar');
    const consent = await consumeState(this.db, provider.app, state);
    if (!code) throw badInput('code', 'code is required');
    let tokens: ProviderTokens;
    let calendars: ProviderCalendar[];
    try {
      tokens = await exchangeCode(provider, code, consent.verifier);
      calendars = (await listProviderCalendars(provider, tokens.accessToken)).slice(0, MAX_CALENDARS);
    } catch (error) {
      if (error instanceof ProviderOAuthError || error instanceof OutboundError || error instanceof SyntaxError) throw providerFailure(error);
      throw error;
    }
    const app = CALENDAR_APPS[provider.app];
    const key: OAuthCalendarKey = { tokens, calendars };
    const credential = await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO calendar_credentials (user_id, type, app_id, read_only, key_ciphertext, invalid)
         VALUES ($1, $2, $3, false, $4, false)
         ON CONFLICT (user_id, app_id) DO UPDATE SET key_ciphertext = EXCLUDED.key_ciphertext, invalid = false, refresh_error = NULL, refreshed_at = NULL`,
        [consent.userId, app.type, provider.app, encryptProviderSecret(key)],
      );
      const saved = await tx.findOneByOrFail(CalendarCredential, { userId: consent.userId, appId: provider.app });
      // The primary calendar is checked for conflicts, as the real service does on connect.
      const primary = calendars.find((c) => c.primary) ?? calendars[0];
      if (primary) {
        await tx.query(`INSERT INTO selected_calendars (user_id, integration, external_id, credential_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [
          consent.userId,
          app.type,
          primary.externalId,
          saved.id,
        ]);
      }
      return saved;
    });
    await this.refreshBusy(credential).catch(() => undefined);
    return { credentialId: credential.id, redirectUrl: consent.returnTo };
  }

  private async credentialOf(userId: number, calendar: string): Promise<CalendarCredential> {
    const app = calendarAppOfPath(calendar);
    const credential = await this.db.getRepository(CalendarCredential).findOneBy({ userId, appId: app });
    if (!credential) throw badInput('calendar', `No ${calendar} calendar is connected: open GET /v2/calendars/${calendar}/connect first`);
    return credential;
  }

  /** GET /v2/calendars/{calendar}/check: the connection exists and its tokens still work (refreshed if needed); apple: the CalDAV server still accepts the password. */
  async check(userId: number, calendar: string): Promise<{ status: string }> {
    if (calendar === 'apple') return new AppleCalendarService(this.db).check(userId);
    const credential = await this.credentialOf(userId, calendar);
    if (credential.invalid) throw badInput('calendar', `Invalid ${calendar} calendar credentials: connect it again`);
    await this.accessToken(credential);
    return { status: 'success' };
  }

  /** POST /v2/calendars/{calendar}/disconnect: removes the credential `id` of the caller (its calendars, selections and cache go with it). */
  async disconnect(userId: number, calendar: string, id: number | null | undefined): Promise<CalendarCredential> {
    if (id == null || !Number.isSafeInteger(id)) throw badInput('id', 'id (the credential id GET /v2/calendars answers) is required');
    const app = calendar === 'apple' ? 'apple-calendar' : calendarAppOfPath(calendar);
    const credential = await this.db.getRepository(CalendarCredential).findOneBy({ id, userId, appId: app });
    if (!credential) throw notFound('Calendar credential', id);
    await this.db.getRepository(CalendarCredential).delete({ id });
    return credential;
  }

  /** A valid access token of the credential; refreshed (and stored) when expired; the credential goes invalid when the provider refuses. */
  async accessToken(credential: CalendarCredential): Promise<string> {
    const provider = oauthProviderOf(credential.appId, 'calendar');
    const key = decryptProviderSecret<OAuthCalendarKey>(credential.keyCiphertext);
    try {
      const tokens = await freshTokens(provider, key.tokens, (refreshed) =>
        this.db.getRepository(CalendarCredential).update({ id: credential.id }, { keyCiphertext: encryptProviderSecret({ ...key, tokens: refreshed }) }),
      );
      return tokens.accessToken;
    } catch (error) {
      if (error instanceof ProviderOAuthError) {
        await this.db.getRepository(CalendarCredential).update({ id: credential.id }, { invalid: true, refreshError: error.message.slice(0, 500) });
        throw badInput('calendar', `The calendar provider refused the stored credentials (${error.message}): connect it again`);
      }
      throw error;
    }
  }

  /** Reads the credential's busy times for the coming weeks into the cache slots read. */
  async refreshBusy(credential: CalendarCredential): Promise<void> {
    const provider = oauthProviderOf(credential.appId, 'calendar');
    const token = await this.accessToken(credential);
    const { calendars } = decryptProviderSecret<OAuthCalendarKey>(
      (await this.db.getRepository(CalendarCredential).findOneByOrFail({ id: credential.id })).keyCiphertext,
    );
    const from = new Date(new Date().setUTCHours(0, 0, 0, 0));
    const busy = await readProviderBusy(
      provider,
      token,
      calendars.map((c) => c.externalId),
      from,
      new Date(from.getTime() + BUSY_WINDOW_MS),
    );
    await this.db.transaction(async (tx) => {
      await tx.delete(FeedEvent, { credentialId: credential.id });
      const rows = busy
        .slice(0, 20_000)
        .map((b) => ({ credentialId: credential.id, userId: credential.userId, externalId: b.externalId, start: b.start, end: b.end }));
      for (let i = 0; i < rows.length; i += 1000) await tx.insert(FeedEvent, rows.slice(i, i + 1000));
      await tx.update(CalendarCredential, { id: credential.id }, { refreshedAt: new Date(), refreshError: null });
    });
  }

  /** Re-reads the provider calendars not read for `intervalMs` (a few per call; claimed so replicas share the work). */
  async refreshDue(intervalMs: number, batch = 10): Promise<number> {
    const due = await claimDueCredentials(this.db, OAUTH_CALENDAR_APPS, intervalMs, batch, { skipInvalid: true });
    for (const credential of due) {
      const { id } = credential;
      // A provider that fails now keeps the last busy times: an unreachable API is not a free calendar.
      await this.refreshBusy(credential).catch((error) =>
        this.db.getRepository(CalendarCredential).update({ id }, { refreshError: String((error as Error).message).slice(0, 500) }),
      );
    }
    return due.length;
  }
}

import { DataSource } from 'typeorm';
import { badInput } from '../../../platform/errors';
import { appleCalDavUrl, CalDavAccount, CalDavUnauthorized, CalDavUnavailable, listCalDavCalendars, readCalDavBusy } from '../provider-caldav/caldav-client';
import { ProviderCalendar } from '../provider-oauth/provider-calendars';
import { decryptProviderSecret, encryptProviderSecret } from '../provider-secret';
import { CALENDAR_APPS } from './calendar-apps';
import { CalendarCredential } from './calendar-credential.entity';
import { claimDueCredentials } from './due-credentials';
import { FeedEvent } from './feed-event.entity';

export const APPLE_CALENDAR_APP = 'apple-calendar';

/** What an Apple calendar credential's sealed key holds: the account (its app-specific password) and its calendars. */
export interface AppleCalendarKey extends CalDavAccount {
  calendars: ProviderCalendar[];
}

/** How far ahead busy times are read (as for the OAuth calendars). */
const BUSY_WINDOW_MS = 60 * 86_400_000;
const MAX_CALENDARS = 25;

/** The reference's answer when the account cannot be added (its AppleCalendarService). */
const cannotAdd = (field: string, reason: string) => badInput(field, `Could not add this apple calendar account: ${reason}`);

function accountOf(input: { username?: unknown; password?: unknown }): CalDavAccount {
  const username = typeof input?.username === 'string' ? input.username.trim() : '';
  const password = typeof input?.password === 'string' ? input.password.trim() : '';
  if (!username) throw badInput('username', 'username (the Apple ID) is required');
  if (!password) throw badInput('password', 'password (an app-specific password of the Apple ID) is required');
  return { username, password };
}

/**
 * Apple (iCloud) calendars, connected with the Apple ID and an app-specific password over CalDAV:
 * the credentials are checked against the server before they are stored (sealed), the calendars'
 * busy times are read into the same cache as ICS feeds and OAuth calendars, refreshed in the background.
 */
export class AppleCalendarService {
  constructor(private readonly db: DataSource) {}

  /** POST /v2/calendars/apple/credentials: one Apple credential per user, replaced by a later save. */
  async save(userId: number, input: { username?: unknown; password?: unknown }): Promise<CalendarCredential> {
    const account = accountOf(input);
    let calendars: ProviderCalendar[];
    try {
      calendars = (await listCalDavCalendars(appleCalDavUrl(), account)).slice(0, MAX_CALENDARS);
    } catch (error) {
      if (error instanceof CalDavUnauthorized) throw cannotAdd('password', 'the username or the app-specific password is wrong');
      if (error instanceof CalDavUnavailable) throw cannotAdd('username', error.message);
      throw error;
    }
    const app = CALENDAR_APPS[APPLE_CALENDAR_APP];
    const key: AppleCalendarKey = { ...account, calendars };
    const credential = await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO calendar_credentials (user_id, type, app_id, read_only, key_ciphertext, invalid)
         VALUES ($1, $2, $3, false, $4, false)
         ON CONFLICT (user_id, app_id) DO UPDATE SET key_ciphertext = EXCLUDED.key_ciphertext, invalid = false, refresh_error = NULL, refreshed_at = NULL`,
        [userId, app.type, APPLE_CALENDAR_APP, encryptProviderSecret(key)],
      );
      const saved = await tx.findOneByOrFail(CalendarCredential, { userId, appId: APPLE_CALENDAR_APP });
      // Calendars of a previous account go; the first calendar is checked for conflicts, as the primary one of Google.
      await tx.query(`DELETE FROM selected_calendars WHERE credential_id = $1 AND NOT (external_id = ANY($2))`, [saved.id, calendars.map((c) => c.externalId)]);
      await tx.query(`DELETE FROM destination_calendars WHERE credential_id = $1 AND NOT (external_id = ANY($2))`, [
        saved.id,
        calendars.map((c) => c.externalId),
      ]);
      if (calendars[0]) {
        await tx.query(`INSERT INTO selected_calendars (user_id, integration, external_id, credential_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [
          userId,
          app.type,
          calendars[0].externalId,
          saved.id,
        ]);
      }
      return saved;
    });
    await this.refreshBusy(credential).catch((error) =>
      this.db.getRepository(CalendarCredential).update({ id: credential.id }, { refreshError: String((error as Error).message).slice(0, 500) }),
    );
    return this.db.getRepository(CalendarCredential).findOneByOrFail({ id: credential.id });
  }

  /** GET /v2/calendars/apple/check: the credential exists and the server still accepts it. */
  async check(userId: number): Promise<{ status: string }> {
    const credential = await this.db.getRepository(CalendarCredential).findOneBy({ userId, appId: APPLE_CALENDAR_APP });
    if (!credential) throw badInput('calendar', 'No apple calendar is connected: save its credentials with POST /v2/calendars/apple/credentials first');
    if (credential.invalid) throw badInput('calendar', 'Invalid apple calendar credentials: save them again');
    const key = decryptProviderSecret<AppleCalendarKey>(credential.keyCiphertext);
    try {
      await listCalDavCalendars(appleCalDavUrl(), key);
    } catch (error) {
      if (error instanceof CalDavUnauthorized) {
        await this.db.getRepository(CalendarCredential).update({ id: credential.id }, { invalid: true, refreshError: error.message });
        throw badInput('calendar', 'The apple calendar server refused the stored credentials: save them again');
      }
      if (error instanceof CalDavUnavailable) throw badInput('calendar', `The apple calendar could not be checked: ${error.message}`);
      throw error;
    }
    return { status: 'success' };
  }

  /** Reads the credential's busy times for the coming weeks into the cache slots read; refused credentials go invalid. */
  async refreshBusy(credential: CalendarCredential): Promise<void> {
    const key = decryptProviderSecret<AppleCalendarKey>(credential.keyCiphertext);
    const from = new Date(new Date().setUTCHours(0, 0, 0, 0));
    let busy;
    try {
      busy = await readCalDavBusy(
        appleCalDavUrl(),
        key,
        key.calendars.map((c) => c.externalId),
        from,
        new Date(from.getTime() + BUSY_WINDOW_MS),
      );
    } catch (error) {
      if (error instanceof CalDavUnauthorized) await this.db.getRepository(CalendarCredential).update({ id: credential.id }, { invalid: true });
      throw error;
    }
    await this.db.transaction(async (tx) => {
      await tx.delete(FeedEvent, { credentialId: credential.id });
      const rows = busy
        .slice(0, 20_000)
        .map((b) => ({ credentialId: credential.id, userId: credential.userId, externalId: b.externalId, start: b.start, end: b.end }));
      for (let i = 0; i < rows.length; i += 1000) await tx.insert(FeedEvent, rows.slice(i, i + 1000));
      await tx.update(CalendarCredential, { id: credential.id }, { refreshedAt: new Date(), refreshError: null });
    });
  }

  /** Re-reads the Apple calendars not read for `intervalMs` (a few per call; claimed so replicas share the work). */
  async refreshDue(intervalMs: number, batch = 10): Promise<number> {
    const due = await claimDueCredentials(this.db, [APPLE_CALENDAR_APP], intervalMs, batch, { skipInvalid: true });
    for (const credential of due) {
      // A server that fails now keeps the last busy times: an unreachable server is not a free calendar.
      await this.refreshBusy(credential).catch((error) =>
        this.db.getRepository(CalendarCredential).update({ id: credential.id }, { refreshError: String((error as Error).message).slice(0, 500) }),
      );
    }
    return due.length;
  }
}

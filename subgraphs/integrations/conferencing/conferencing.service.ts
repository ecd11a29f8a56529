import { DataSource } from 'typeorm';
import { badInput, conflict, isConstraintViolation, notFound } from '../../../platform/errors';
import { OutboundError } from '../../../platform/outbound';
import {
  authorizationUrl,
  consumeState,
  exchangeCode,
  freshTokens,
  oauthProviderOf,
  ProviderOAuthError,
  ProviderTokens,
} from '../provider-oauth/provider-oauth';
import { createProviderMeeting, MeetingRequest } from '../provider-oauth/provider-meetings';
import { decryptProviderSecret, encryptProviderSecret } from '../provider-secret';
import { CALENDAR_APPS } from '../calendar/calendar-apps';
import { CalendarCredential } from '../calendar/calendar-credential.entity';
import { meetingOfBooking } from './booking-meeting';
import { ConferencingConnection } from './conferencing-connection.entity';
import { CONFERENCING_PROVIDERS, ConferencingProvider, DEFAULT_CONFERENCING_APP, LOCATION_TYPES } from './conferencing-providers';

const GOOGLE_MEET = 'google-meet';
const GOOGLE_CALENDAR_TYPE = CALENDAR_APPS['google-calendar'].type;

/** Whose conferencing apps: a user's (/v2/conferencing) or a team's (/v2/organizations/{orgId}/teams/{teamId}/conferencing). */
export type ConferencingOwner = { userId: number; teamId?: undefined } | { teamId: number; userId?: undefined };

const ownerWhere = (owner: ConferencingOwner): { userId?: number; teamId?: number } =>
  owner.teamId != null ? { teamId: owner.teamId } : { userId: owner.userId };

function providerOf(app: string, allowed: ConferencingProvider['connect'][]): ConferencingProvider {
  const provider = CONFERENCING_PROVIDERS[app];
  const names = Object.values(CONFERENCING_PROVIDERS)
    .filter((p) => allowed.includes(p.connect))
    .map((p) => p.slug);
  if (!provider || !allowed.includes(provider.connect)) throw badInput('app', `app must be one of ${names.join(', ')}, got ${JSON.stringify(app)}`);
  return provider;
}

export interface DefaultConferencingApp {
  appSlug: string;
  appLink: string | null;
}

/** Conferencing apps of a user or team: connect, list, default, disconnect. */
export class ConferencingService {
  constructor(private readonly db: DataSource) {}

  list(owner: ConferencingOwner): Promise<ConferencingConnection[]> {
    return this.db.getRepository(ConferencingConnection).find({ where: ownerWhere(owner), order: { id: 'ASC' } });
  }

  /**
   * Connects an app that needs no consent (google-meet); OAuth apps go through their auth URL. A second connect is a 409.
   * A user's google-meet needs the user's Google Calendar connection, valid (the real service's two 400s).
   */
  async connect(owner: ConferencingOwner, app: string): Promise<ConferencingConnection> {
    const provider = CONFERENCING_PROVIDERS[app];
    if (provider?.connect === 'oauth') throw badInput('app', `${app} is connected with OAuth: open GET …/conferencing/${app}/oauth/auth-url`);
    providerOf(app, ['direct']);
    if (app === GOOGLE_MEET && owner.userId != null) await this.requireGoogleCalendar(owner.userId);
    try {
      const connection = Object.assign(new ConferencingConnection(), ownerWhere(owner), { app, type: provider.type });
      return await this.db.getRepository(ConferencingConnection).save(connection);
    } catch (error) {
      if (isConstraintViolation(error)) throw conflict(`${app} is already connected`);
      throw error;
    }
  }

  /** The user's Google Calendar connection, which google-meet's meetings are written with: a 400 when it is missing or refused. */
  private async requireGoogleCalendar(userId: number): Promise<void> {
    const calendars = await this.db.getRepository(CalendarCredential).findBy({ userId, type: GOOGLE_CALENDAR_TYPE });
    if (calendars.length === 0) throw badInput('app', 'Google Meet requires a Google Calendar connection.');
    if (calendars.every((c) => c.invalid)) throw badInput('app', 'Google Meet requires a valid Google Calendar connection. Please reconnect Google Calendar.');
  }

  /**
   * The event type location types (`integrations:zoom`, …) the owner's connections serve: what a team event
   * type may name besides the built-in video app (the scheduling subgraph refuses the others).
   */
  async connectedLocationTypes(owner: ConferencingOwner): Promise<string[]> {
    const apps = new Set((await this.list(owner)).map((connection) => connection.app));
    return Object.entries(LOCATION_TYPES)
      .filter(([, app]) => apps.has(app))
      .map(([locationType]) => locationType);
  }

  /** Makes an app the default: a connected one, or the built-in video app. */
  async setDefault(owner: ConferencingOwner, app: string): Promise<DefaultConferencingApp> {
    const provider = providerOf(app, ['built-in', 'direct', 'oauth']);
    await this.db.transaction(async (tx) => {
      const repository = tx.getRepository(ConferencingConnection);
      const found = await repository.findOneBy({ ...ownerWhere(owner), app });
      if (!found && provider.connect !== 'built-in') throw badInput('app', `${app} is not connected: connect it first`);
      await repository.update({ ...ownerWhere(owner), isDefault: true }, { isDefault: false });
      const connection: ConferencingConnection = found ?? Object.assign(new ConferencingConnection(), ownerWhere(owner), { app, type: provider.type });
      connection.isDefault = true;
      await repository.save(connection);
    });
    return this.getDefault(owner);
  }

  /** The default app; the built-in video app when none was chosen. */
  async getDefault(owner: ConferencingOwner): Promise<DefaultConferencingApp> {
    const chosen = await this.db.getRepository(ConferencingConnection).findOneBy({ ...ownerWhere(owner), isDefault: true });
    return { appSlug: chosen?.app ?? DEFAULT_CONFERENCING_APP, appLink: null };
  }

  /** Removes a connection and answers it as it was; a default that goes falls back to the built-in app. */
  async disconnect(owner: ConferencingOwner, app: string): Promise<ConferencingConnection> {
    providerOf(app, ['built-in', 'direct', 'oauth']);
    const repository = this.db.getRepository(ConferencingConnection);
    const connection = await repository.findOneBy({ ...ownerWhere(owner), app });
    if (!connection) throw notFound('Conferencing app connection', app);
    await repository.delete({ id: connection.id });
    return connection;
  }

  /**
   * The meeting URL a booking gets from an app. OAuth apps create a meeting with the owner's stored
   * credential (refreshed when expired), once per booking (booking-meeting.ts): a second ask answers the
   * first meeting's URL; null when the app needs a provider and the owner has not connected it.
   */
  async meetingUrl(app: string, bookingUid: string, owner?: ConferencingOwner | null, meeting?: MeetingRequest | null): Promise<string | null> {
    const provider = CONFERENCING_PROVIDERS[app];
    if (!provider) throw badInput('app', `app must be one of ${Object.keys(CONFERENCING_PROVIDERS).join(', ')}`);
    if (provider.connect !== 'oauth' || !owner || !meeting) return provider.meetingUrl(bookingUid);
    return meetingOfBooking(this.db, bookingUid, () => this.providerMeeting(app, owner, meeting));
  }

  /** Creates a meeting at an OAuth app's provider with the owner's connection; null when the owner has none (or it was refused). */
  private async providerMeeting(app: string, owner: ConferencingOwner, meeting: MeetingRequest): Promise<string | null> {
    const connection = await this.db.getRepository(ConferencingConnection).findOneBy({ ...ownerWhere(owner), app });
    if (!connection?.keyCiphertext || connection.invalid) return null;
    const oauth = oauthProviderOf(app, 'conferencing');
    try {
      const tokens = await freshTokens(oauth, decryptProviderSecret<ProviderTokens>(connection.keyCiphertext), (refreshed) =>
        this.db.getRepository(ConferencingConnection).update({ id: connection.id }, { keyCiphertext: encryptProviderSecret(refreshed) }),
      );
      return await createProviderMeeting(oauth, tokens.accessToken, meeting);
    } catch (error) {
      if (error instanceof ProviderOAuthError) await this.db.getRepository(ConferencingConnection).update({ id: connection.id }, { invalid: true });
      if (error instanceof ProviderOAuthError || error instanceof OutboundError || error instanceof SyntaxError)
        throw badInput('locationType', `${app} could not create the meeting: ${(error as Error).message}`);
      throw error;
    }
  }

  /**
   * The meeting URL of a booking at an `organizersDefaultApp` location: made by the host's default app
   * (the built-in video app when the host chose none, as GET /v2/conferencing/default answers); null
   * when that app cannot make one (google-meet, an OAuth app whose connection is gone or refused).
   */
  async organizersDefaultMeetingUrl(bookingUid: string, hostUserId: number | null, meeting: MeetingRequest | null): Promise<string | null> {
    if (hostUserId == null) throw badInput('hostUserId', 'hostUserId (the organizer) is required for an organizersDefaultApp location');
    const owner: ConferencingOwner = { userId: hostUserId };
    const { appSlug } = await this.getDefault(owner);
    return this.meetingUrl(appSlug, bookingUid, owner, meeting);
  }

  /** GET …/conferencing/{app}/oauth/auth-url: the provider's consent URL, its state bound to the caller (and the team). */
  async authUrl(
    owner: ConferencingOwner,
    userId: number,
    app: string,
    returns: { returnTo?: string | null; onErrorReturnTo?: string | null },
    orgId?: number,
  ): Promise<{ url: string }> {
    const provider = oauthProviderOf(app, 'conferencing');
    const team = owner.teamId != null ? { orgId: orgId!, teamId: owner.teamId } : null;
    return { url: await authorizationUrl(this.db, provider, { userId, team }, returns) };
  }

  /**
   * GET …/conferencing/{app}/oauth/callback (the provider's redirect): consumes the state (which names the
   * user or team; a team callback must come on that team's path), exchanges the code and stores the sealed tokens.
   */
  async saveOAuth(
    app: string,
    state: string | null,
    code: string | null,
    path?: { orgId: number; teamId: number },
  ): Promise<{ connection: ConferencingConnection; redirectUrl: string | null }> {
    // On a team's path, only a consent issued for that team opens it: any other state names no pending consent of this team (404, like another team's resource).
    const refuse = path ? () => notFound(`Pending ${app} consent (state) of team`, path.teamId) : undefined;
    const consent = await consumeState(this.db, app, state, path ?? null, refuse);
    const forTeam = consent.teamId != null;
    const provider = oauthProviderOf(app, 'conferencing');
    if (!code) throw badInput('code', 'code is required');
    let tokens: ProviderTokens;
    try {
      tokens = await exchangeCode(provider, code, consent.verifier, path ?? null);
    } catch (error) {
      if (error instanceof ProviderOAuthError || error instanceof OutboundError)
        throw badInput('code', `The conferencing provider refused the connection: ${error.message}`);
      throw error;
    }
    const owner: ConferencingOwner = forTeam ? { teamId: consent.teamId! } : { userId: consent.userId };
    const repository = this.db.getRepository(ConferencingConnection);
    const existing = await repository.findOneBy({ ...ownerWhere(owner), app });
    const connection = Object.assign(existing ?? new ConferencingConnection(), ownerWhere(owner), {
      app,
      type: CONFERENCING_PROVIDERS[app].type,
      invalid: false,
      keyCiphertext: encryptProviderSecret(tokens),
    });
    return { connection: await repository.save(connection), redirectUrl: consent.returnTo };
  }
}

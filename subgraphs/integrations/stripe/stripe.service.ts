import { DataSource, IsNull } from 'typeorm';
import { badInput, notFound } from '../../../platform/errors';
import { OutboundError } from '../../../platform/outbound';
import { serviceUnavailable } from '../../../platform/unavailable';
import {
  authorizationUrl,
  consumeState,
  exchangeCode,
  oauthProviderOf,
  providerApi,
  ProviderNotFound,
  ProviderOAuthError,
  ProviderTokens,
} from '../provider-oauth/provider-oauth';
import { decryptProviderSecret, encryptProviderSecret } from '../provider-secret';
import { StripeConnection } from './stripe-connection.entity';
import { setting } from '../../../platform/configuration/settings';

/** Whose Stripe account: a user's (/v2/stripe) or a team's (/v2/organizations/{orgId}/teams/{teamId}/stripe). */
export interface StripeOwner {
  userId: number;
  team?: { orgId: number; teamId: number } | null;
}

type Returns = { returnTo?: string | null; onErrorReturnTo?: string | null };

/** A user's own connection, or a team's (a user's personal connection has no team). */
export type StripeAccountOwner = { userId: number } | { teamId: number };

const whereOwner = (owner: StripeAccountOwner) => ('teamId' in owner ? { teamId: owner.teamId } : { userId: owner.userId, teamId: IsNull() });

/** Where the browser goes after a consent that named no returnTo: the service's public address. */
const defaultReturnUrl = () => (setting('PUBLIC_URL') ?? setting('BOOKING_BASE_URL') ?? 'http://localhost:3000').replace(/\/+$/, '');

const stripe = () => oauthProviderOf('stripe', 'payment');

/** Stripe Connect for users and teams: the consent URL, its redirect (code → sealed tokens), and the connection check. */
export class StripeService {
  constructor(private readonly db: DataSource) {}

  /** GET …/stripe/connect: Stripe's consent URL; its state is bound to the caller (and the team), single use, expiring. */
  async connectUrl(owner: StripeOwner, returns: Returns): Promise<{ authUrl: string }> {
    return { authUrl: await authorizationUrl(this.db, stripe(), { userId: owner.userId, team: owner.team ?? null }, returns) };
  }

  /**
   * GET …/stripe/save (Stripe's redirect): consumes the state (on a team's path only a consent issued for
   * that team), exchanges the code, and stores the connected account with its sealed tokens; a new consent
   * replaces the owner's earlier connection. Answers where the browser goes next.
   */
  async save(state: string | null, code: string | null, path: { orgId: number; teamId: number } | null): Promise<{ url: string }> {
    const refuse = path ? () => notFound('Pending Stripe consent (state) of team', path.teamId) : undefined;
    const consent = await consumeState(this.db, 'stripe', state, path, refuse);
    if (!code) throw badInput('code', 'code is required');
    let tokens: ProviderTokens;
    try {
      tokens = await exchangeCode(stripe(), code, consent.verifier, path);
    } catch (error) {
      if (error instanceof ProviderOAuthError || error instanceof OutboundError) throw badInput('code', `Stripe refused the connection: ${error.message}`);
      throw error;
    }
    if (!tokens.accountId) throw badInput('code', 'Stripe answered no connected account (stripe_user_id)');
    const owner: StripeAccountOwner = consent.teamId != null ? { teamId: consent.teamId } : { userId: consent.userId };
    await this.db.transaction(async (tx) => {
      const repository = tx.getRepository(StripeConnection);
      await repository.delete(whereOwner(owner));
      await repository.insert({
        userId: 'teamId' in owner ? null : owner.userId,
        teamId: 'teamId' in owner ? owner.teamId : null,
        stripeAccountId: tokens.accountId!,
        keyCiphertext: encryptProviderSecret(tokens),
        invalid: false,
      });
    });
    return { url: consent.returnTo ?? defaultReturnUrl() };
  }

  /**
   * GET …/stripe/check: the owner has a Stripe account connected and Stripe still accepts its token
   * (404 when none is connected; 400 when Stripe refuses it, and the connection is marked invalid).
   */
  async check(owner: StripeAccountOwner): Promise<{ status: string }> {
    const connected = await this.db.getRepository(StripeConnection).findOneBy(whereOwner(owner));
    if (!connected) throw notFound('Stripe connection of', 'teamId' in owner ? `team ${owner.teamId}` : 'the caller');
    const invalid = () => badInput('stripe', 'The Stripe connection is no longer valid: connect the account again');
    if (connected.invalid) throw invalid();
    const tokens = decryptProviderSecret<ProviderTokens>(connected.keyCiphertext);
    try {
      const account = await providerApi<{ id?: string }>(stripe(), tokens.accessToken, 'GET', '/v1/account');
      if (account.id !== connected.stripeAccountId) throw new ProviderOAuthError('the token is for another account');
    } catch (error) {
      if (error instanceof OutboundError) throw serviceUnavailable('Stripe');
      if (!(error instanceof ProviderOAuthError || error instanceof ProviderNotFound)) throw error;
      await this.db.getRepository(StripeConnection).update({ id: connected.id }, { invalid: true });
      throw invalid();
    }
    return { status: 'success' };
  }
}

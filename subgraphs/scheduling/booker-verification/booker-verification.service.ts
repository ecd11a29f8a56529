import { GraphQLError } from 'graphql';
import { DataSource, EntityManager } from 'typeorm';
import { badInput, conflict, notFound } from '../../../platform/errors';
import { forgetKeyedWrite, KeyedWriteReference, recordKeyedWrite } from '../../../platform/keyed-writes';
import { mailerFromEnvironment } from '../../../platform/mailer';
import { SERVICE_UNAVAILABLE } from '../../../platform/unavailable';
import { CODE_LIFETIME_MS, codeHash, MAX_FAILED_ATTEMPTS, MAX_REQUESTS_PER_HOUR, newCode, sameHash } from '../../../platform/verification-code';
import { checkAttendee } from '../booking-record/booking-rules';
import { EventType } from '../event-type/event-type.entity';

/** Codes are bound to the event type and the address: a code for one event type books nothing else. */
const CHANNEL = 'booker-email';
const target = (eventTypeId: number, email: string) => `${eventTypeId}:${email}`;

const REQUEST_ROUTE = 'POST /v2/bookings/email-verification-code';

function tooManyRequests(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'TOO_MANY_REQUESTS' } });
}

/** The address as bookings keep it (trimmed, lower case), checked. */
function bookerEmail(email: unknown): string {
  return checkAttendee({ name: 'booker', email: email as string, timeZone: 'UTC' }, 'email').email;
}

export interface SentCode {
  eventTypeId: number;
  email: string;
  expiresAt: Date;
}

/**
 * Booker e-mail verification (an event type's `requiresBookerEmailVerification`): a six-digit code is
 * mailed to the attendee's address, kept only as a hash bound to the event type and the address, and
 * must come back as the booking's `emailVerificationCode`. A code lives 10 minutes, books once (it is
 * used up in the booking's own transaction) and dies after MAX_FAILED_ATTEMPTS wrong guesses.
 */
export class BookerVerificationService {
  constructor(private readonly db: DataSource) {}

  /** Mails a new code; at most MAX_REQUESTS_PER_HOUR per event type and address, twice that per address. */
  async requestCode(eventTypeId: number, emailInput: string): Promise<SentCode> {
    const email = bookerEmail(emailInput);
    const eventType = await this.db.getRepository(EventType).findOneBy({ id: eventTypeId });
    if (!eventType) throw notFound('Event type', eventTypeId);
    if (!eventType.requiresBookerEmailVerification) {
      throw badInput(
        'eventTypeId',
        `event type ${eventTypeId} does not ask bookers to verify their e-mail (requiresBookerEmailVerification is false): book it without a code`,
      );
    }
    const [{ mine, theirs }]: Array<{ mine: string; theirs: string }> = await this.db.query(
      `SELECT count(*) FILTER (WHERE event_type_id = $1) AS mine, count(*) AS theirs
         FROM booker_email_codes WHERE email = $2 AND created_at > now() - interval '1 hour'`,
      [eventTypeId, email],
    );
    if (Number(mine) >= MAX_REQUESTS_PER_HOUR || Number(theirs) >= MAX_REQUESTS_PER_HOUR * 2) {
      throw tooManyRequests('Too many verification codes for this e-mail address; try again in an hour');
    }
    const code = newCode();
    const expiresAt = new Date(Date.now() + CODE_LIFETIME_MS);
    const id = await this.db.transaction(async (tx) => {
      const [row]: Array<{ id: number }> = await tx.query(
        `INSERT INTO booker_email_codes (event_type_id, email, code_hash, expires_at) VALUES ($1, $2, $3, $4) RETURNING id`,
        [eventTypeId, email, codeHash(CHANNEL, target(eventTypeId, email), code), expiresAt],
      );
      // Under an Idempotency-Key (platform/keyed-writes.ts): an answer lost after this commit is answered without a second e-mail.
      await recordKeyedWrite(tx, { eventTypeId, email, expiresAt: expiresAt.toISOString() });
      return row.id;
    });
    try {
      await mailerFromEnvironment().send({
        to: email,
        subject: `Your verification code: ${code}`,
        text: `Your code to book "${eventType.title}" is ${code}.\n\nIt expires in 10 minutes and can be used once. If you did not ask for it, ignore this e-mail.`,
      });
    } catch {
      await this.db.query('DELETE FROM booker_email_codes WHERE id = $1', [id]); // never sent: it does not count and cannot be used
      await forgetKeyedWrite(this.db); // and the same request sent again sends one
      throw new GraphQLError('The e-mail could not be sent; retry shortly', { extensions: { code: SERVICE_UNAVAILABLE } });
    }
    return { eventTypeId, email, expiresAt };
  }

  /** What a keyed request for a code answered when it sent the e-mail (requestCode's record). */
  recalled(reference: KeyedWriteReference): SentCode {
    return { eventTypeId: reference.eventTypeId as number, email: reference.email as string, expiresAt: new Date(reference.expiresAt as string) };
  }

  /**
   * Checks the booking's code against the latest live code of the event type and address (constant
   * time); answers its id, used up later by `useCode` in the booking's transaction. A missing code, a
   * wrong one (counted against the code, in its own transaction) or a dead one is a 400.
   */
  async checkCode(eventType: EventType, email: string, code: string | null | undefined): Promise<number | null> {
    if (!eventType.requiresBookerEmailVerification) return null;
    if (typeof code !== 'string' || !code.trim()) {
      throw badInput(
        'emailVerificationCode',
        `emailVerificationCode is required: event type ${eventType.id} asks bookers to verify their e-mail; request a code with ${REQUEST_ROUTE}`,
      );
    }
    const invalid = () =>
      badInput('emailVerificationCode', `emailVerificationCode is invalid or has expired for ${email}: request a new one with ${REQUEST_ROUTE}`);
    const rows: Array<{ id: number; code_hash: string; failed_attempts: number }> = await this.db.query(
      `SELECT id, code_hash, failed_attempts FROM booker_email_codes
        WHERE event_type_id = $1 AND email = $2 AND used_at IS NULL AND expires_at > now()
        ORDER BY id DESC LIMIT 1`,
      [eventType.id, email],
    );
    const live = rows[0];
    if (!live || live.failed_attempts >= MAX_FAILED_ATTEMPTS) throw invalid();
    if (!sameHash(live.code_hash, codeHash(CHANNEL, target(eventType.id, email), code))) {
      await this.db.query('UPDATE booker_email_codes SET failed_attempts = failed_attempts + 1 WHERE id = $1', [live.id]);
      throw invalid();
    }
    return live.id;
  }
}

/** Uses the checked code up in the booking's transaction: of two bookings with one code, one gets it. */
export async function useCode(tx: EntityManager, codeId: number | null): Promise<void> {
  if (codeId == null) return;
  const used: unknown[] = await tx.query(
    'WITH used AS (UPDATE booker_email_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id) SELECT id FROM used',
    [codeId],
  );
  if (!used.length) throw conflict('emailVerificationCode has already been used for another booking: request a new one');
}

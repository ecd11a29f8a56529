import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { setting } from '../../../platform/configuration/settings';

/**
 * One provider meeting per booking. A booking's meeting can be asked for twice at once: inline, right after the
 * booking committed, and by its booking-hooks job when a worker took the job first (scheduling's booking-hooks.ts),
 * or again by a retried job. Each ask would make a meeting at the provider, and the one whose URL is not stored
 * would be an orphan. So an ask first claims the booking's row of `booking_meetings` (unique on the booking's uid,
 * committed), asks the provider, and stores the URL in the row; an ask that finds the row answers its URL, waiting
 * while the claim runs. A provider call that fails, or finds nothing to make, deletes its claim: the next ask (the
 * waiting one, the job's retry) makes the meeting. A claim is held for a lease of three outbound deadlines (a token
 * refresh and the meeting's creation fit in it); a claim whose process died is taken over when it ends.
 */

/** How long a claim holds its booking: the token refresh and the meeting's creation, each bounded by OUTBOUND_TIMEOUT_MS, with room. */
const leaseMs = () => 3 * setting('OUTBOUND_TIMEOUT_MS');

/** The pause between two looks at a claim another ask holds (its provider call takes about as long as a request). */
const WAIT_STEP_MS = 50;

/** Claims the booking (a new row, or one whose claim ended without a URL) for `claimId`; else answers the row as it is. */
async function claim(db: DataSource, bookingUid: string, claimId: string): Promise<{ claimed: boolean; meetingUrl: string | null }> {
  const [taken] = (await db.query(
    `INSERT INTO booking_meetings (booking_uid, claim_id, claimed_until) VALUES ($1, $2, now() + $3 * interval '1 millisecond')
     ON CONFLICT (booking_uid) DO UPDATE SET claim_id = EXCLUDED.claim_id, claimed_until = EXCLUDED.claimed_until
       WHERE booking_meetings.meeting_url IS NULL AND booking_meetings.claimed_until < now()
     RETURNING booking_uid`,
    [bookingUid, claimId, leaseMs()],
  )) as unknown[];
  if (taken) return { claimed: true, meetingUrl: null };
  const [row] = (await db.query('SELECT meeting_url FROM booking_meetings WHERE booking_uid = $1', [bookingUid])) as Array<{ meeting_url: string | null }>;
  return { claimed: false, meetingUrl: row?.meeting_url ?? null };
}

/**
 * The booking's meeting URL, made by `make` at most once per booking across every process: the URL an earlier ask
 * stored, else the one `make` answers now (stored for the next ask). `make`'s null (no meeting can be made) or
 * error leaves nothing behind.
 */
export async function meetingOfBooking(db: DataSource, bookingUid: string, make: () => Promise<string | null>): Promise<string | null> {
  const claimId = randomUUID();
  const deadline = Date.now() + 2 * leaseMs();
  for (;;) {
    const { claimed, meetingUrl } = await claim(db, bookingUid, claimId);
    if (meetingUrl) return meetingUrl;
    if (claimed) break;
    // Another ask holds the claim: its URL comes, or its claim goes (failed, or its lease ended) and this one claims.
    if (Date.now() > deadline) throw new Error(`the meeting of booking ${bookingUid} is still being made by another request`);
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
  let made: string | null = null;
  try {
    made = await make();
  } finally {
    if (made) await db.query('UPDATE booking_meetings SET meeting_url = $3 WHERE booking_uid = $1 AND claim_id = $2', [bookingUid, claimId, made]);
    else await db.query('DELETE FROM booking_meetings WHERE booking_uid = $1 AND claim_id = $2 AND meeting_url IS NULL', [bookingUid, claimId]);
  }
  return made;
}

import { DataSource, EntityManager } from 'typeorm';
import { GraphLink } from '../../../platform/graph-link';
import { BOOKING_EVENT_CHANNEL, enqueueInTransaction, WEBHOOK_EVENT_QUEUE, WEBHOOK_SCHEDULED_QUEUE } from '../../../platform/job-queue';
import { OutOfOfficeEventJob } from '../../../platform/webhook-event-jobs';
import { Webhook } from '../webhook/webhook.entity';
import { setting } from '../../../platform/configuration/settings';
import { OutOfOfficeUsersDocument, OutOfOfficeUsersQuery } from '../contracts/generated';
import { responseLedToBooking } from '../form-response-state';

/**
 * Events that are not about a booking (spec 6): OOO_CREATED (scheduling's out-of-office entries) and
 * FORM_SUBMITTED / FORM_SUBMITTED_NO_EVENT (routing form responses). Each is enqueued in the
 * transaction of its change (outbox), like booking events, and fanned out by the webhook worker to the
 * webhooks of the owners it concerns (decisions.md "Webhook gaps and booking-side hooks").
 */

/** FORM_SUBMITTED (at once) and FORM_SUBMITTED_NO_EVENT (later, only if no booking was made from the response). */
export interface FormEventJob {
  kind: 'form';
  eventKey: string;
  trigger: 'FORM_SUBMITTED' | 'FORM_SUBMITTED_NO_EVENT';
  occurredAt: string;
  formUserId: number | null;
  teamId: number | null;
  organizationId: number | null;
  responseId: number;
  payload: Record<string, unknown>;
}

export type OwnerEventJob = OutOfOfficeEventJob | FormEventJob;

/** Enqueues a non-booking event in the caller's transaction (the worker is woken when it commits). */
export async function enqueueOwnerEvent(tx: EntityManager, job: OwnerEventJob): Promise<void> {
  await enqueueInTransaction(tx, WEBHOOK_EVENT_QUEUE, job);
  await tx.query('SELECT pg_notify($1, $2)', [BOOKING_EVENT_CHANNEL, job.eventKey]);
}

/** How long after a submission FORM_SUBMITTED_NO_EVENT is decided (the real service waits 15 minutes for a booking). */
function formNoEventDelayMs(): number {
  return setting('FORM_SUBMITTED_NO_EVENT_DELAY_SECONDS') * 1000;
}

/**
 * Schedules the FORM_SUBMITTED_NO_EVENT decision of a response in the caller's transaction; answers when it is due
 * (the routing-form workflows' formSubmittedNoEvent without an offset is decided then too).
 */
export async function scheduleFormNoEvent(tx: EntityManager, job: FormEventJob): Promise<Date> {
  const startAfter = new Date(Date.parse(job.occurredAt) + formNoEventDelayMs());
  await enqueueInTransaction(tx, WEBHOOK_SCHEDULED_QUEUE, job, { startAfter });
  return startAfter;
}

type DirectoryUser = OutOfOfficeUsersQuery['usersById'][number];

/** The real service's reason labels. */
const REASON_EMOJI: Record<string, string> = { unspecified: '🏝️', vacation: '🏝️', travel: '✈️', sick: '🤒', public_holiday: '📅' };

const profile = (user: DirectoryUser | undefined) =>
  user ? { id: user.id, name: user.name, username: user.username, email: user.email, timeZone: user.timeZone } : null;

interface Audience {
  userIds: number[];
  teamIds: number[];
}

/** The payload of OOO_CREATED and who hears it: the user's own webhooks, those of their teams and of their organization. */
async function outOfOfficeEvent(graph: GraphLink, job: OutOfOfficeEventJob): Promise<{ payload: Record<string, unknown>; audience: Audience }> {
  const ids = [job.entry.userId, ...(job.entry.toUserId != null ? [job.entry.toUserId] : [])];
  const { usersById } = await graph.call(OutOfOfficeUsersDocument, { ids });
  const user = usersById.find((u) => u.id === job.entry.userId);
  const toUser = job.entry.toUserId != null ? usersById.find((u) => u.id === job.entry.toUserId) : undefined;
  const { userId: _userId, toUserId: _toUserId, reason, ...entry } = job.entry;
  const teamIds = new Set<number>((user?.memberships ?? []).filter((m) => m.accepted).map((m) => m.teamId));
  if (user?.organizationId != null) teamIds.add(user.organizationId);
  return {
    payload: {
      oooEntry: { ...entry, reason: { reason, emoji: REASON_EMOJI[reason] ?? '' }, user: profile(user) ?? { id: job.entry.userId }, toUser: profile(toUser) },
    },
    audience: { userIds: [job.entry.userId], teamIds: [...teamIds] },
  };
}

/**
 * Who hears a routing form's events (the real service's rule): a team form's team and that team's
 * organization; a form of no team, its owner and the owner's organization.
 */
function formAudience(job: FormEventJob): Audience {
  const teamIds = [job.teamId, job.organizationId].filter((id): id is number => id != null);
  return { userIds: job.teamId == null && job.formUserId != null ? [job.formUserId] : [], teamIds };
}

/** The event's payload and its subscribed webhooks, or null when the event is no longer due. */
export async function ownerEventRecipients(
  db: DataSource,
  graph: GraphLink,
  job: OwnerEventJob,
): Promise<{ payload: Record<string, unknown>; webhooks: Webhook[] } | null> {
  let payload: Record<string, unknown>;
  let audience: Audience;
  if (job.kind === 'ooo') ({ payload, audience } = await outOfOfficeEvent(graph, job));
  else {
    // FORM_SUBMITTED_NO_EVENT is only due when nothing was booked from the response meanwhile.
    if (job.trigger === 'FORM_SUBMITTED_NO_EVENT' && (await responseLedToBooking(db, job.responseId))) return null;
    payload = job.payload;
    audience = formAudience(job);
  }
  const webhooks = await db
    .getRepository(Webhook)
    .createQueryBuilder('w')
    .where('w.active')
    .andWhere(':trigger = ANY(w.triggers)', { trigger: job.trigger })
    .andWhere('(w.user_id = ANY(:userIds::int[]) OR w.team_id = ANY(:teamIds::int[]))', audience)
    .orderBy('w.id')
    .getMany();
  return { payload, webhooks };
}

import { EntityManager } from 'typeorm';
import { enqueueOwnerEvent, FormEventJob, scheduleFormNoEvent } from '../webhook-delivery/owner-events';
import { RoutingFormEvent } from './routing-form-event.entity';
import { RoutingFormResponse } from './routing-form-response.entity';
import { RoutingForm } from './routing-form.entity';
import { FormAnswers } from './routing-form.rules';

/**
 * The webhook payload of a submission, as the real service sends it: `formId`, `formName`, `teamId`,
 * `responses` keyed by each field's identifier (its label when it has none) with `{value, response}`,
 * and the same answers flat at the top level (its legacy form); plus our `responseId`.
 */
export function formSubmissionPayload(form: RoutingForm, response: RoutingFormResponse): Record<string, unknown> {
  const responses: Record<string, { value: unknown; response: unknown }> = {};
  for (const field of form.fields) {
    const answer = (response.response as FormAnswers)[field.id];
    if (answer === undefined) continue;
    responses[field.identifier ?? field.label] = { value: answer.value, response: answer.value };
  }
  const flat = Object.fromEntries(Object.entries(responses).map(([key, { value }]) => [key, value]));
  return { ...flat, formId: form.id, formName: form.name, teamId: form.teamId, responseId: response.id, responses };
}

/**
 * FORM_SUBMITTED in the response's own transaction: the event row, its webhook fan-out job and the
 * FORM_SUBMITTED_NO_EVENT decision due later (outbox: all exist exactly when the response committed).
 */
export async function recordFormSubmitted(tx: EntityManager, form: RoutingForm, response: RoutingFormResponse, routedTo: unknown): Promise<void> {
  const payload = formSubmissionPayload(form, response);
  const event = await tx.save(
    Object.assign(new RoutingFormEvent(), {
      type: 'FORM_SUBMITTED',
      formId: form.id,
      responseId: response.id,
      teamId: form.teamId,
      payload: { ...payload, routedTo, createdAt: response.createdAt.toISOString() },
    }),
  );
  const job: FormEventJob = {
    kind: 'form',
    eventKey: `routing-form-event:${event.id}`,
    trigger: 'FORM_SUBMITTED',
    occurredAt: event.createdAt.toISOString(),
    formUserId: form.userId,
    teamId: form.teamId,
    organizationId: form.organizationId,
    responseId: response.id,
    payload,
  };
  await enqueueOwnerEvent(tx, job);
  await scheduleFormNoEvent(tx, { ...job, trigger: 'FORM_SUBMITTED_NO_EVENT', eventKey: `routing-form-no-event:${response.id}` });
}

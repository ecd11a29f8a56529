import { EntityManager } from 'typeorm';
import { enqueueOwnerEvent, FormEventJob, scheduleFormNoEvent } from '../webhook-delivery/owner-events';
import { FormSubmission, scheduleFormWorkflows } from '../workflow-record/form-reminders';
import { EMAIL_ADDRESS } from '../../../platform/email-address';
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

/** An answer as text: a list joined by commas. */
const answerText = (value: unknown) => (Array.isArray(value) ? value.join(', ') : String(value));

/**
 * A submission as its team's routing-form workflows see it: the answers as text by field identifier (its label when it
 * has none), the respondent's e-mail (the first e-mail field answered with an address) and name (the field identified
 * `name`).
 */
function workflowSubmission(form: RoutingForm, response: RoutingFormResponse, noEventDueAt: Date): FormSubmission {
  const answers = response.response as FormAnswers;
  const answered = form.fields.filter((field) => answers[field.id] !== undefined);
  const emailField = answered.find((field) => field.type === 'email' && EMAIL_ADDRESS.test(String(answers[field.id].value)));
  const nameField = answered.find((field) => (field.identifier ?? field.id).toLowerCase() === 'name');
  return {
    teamId: form.teamId,
    noEventDueAt,
    response: {
      responseId: response.id,
      formId: form.id,
      formName: form.name,
      submittedAt: response.createdAt.toISOString(),
      respondentEmail: emailField ? String(answers[emailField.id].value) : null,
      respondentName: nameField ? answerText(answers[nameField.id].value) : '',
      answers: Object.fromEntries(answered.map((field) => [field.identifier ?? field.label, answerText(answers[field.id].value)])),
    },
  };
}

/**
 * FORM_SUBMITTED in the response's own transaction: the event row, its webhook fan-out job, the
 * FORM_SUBMITTED_NO_EVENT decision due later and the steps of the team's routing-form workflows (outbox: all exist
 * exactly when the response committed).
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
  const noEventAt = await scheduleFormNoEvent(tx, { ...job, trigger: 'FORM_SUBMITTED_NO_EVENT', eventKey: `routing-form-no-event:${response.id}` });
  await scheduleFormWorkflows(tx, workflowSubmission(form, response, noEventAt));
}

import { badInput } from '../../../platform/errors';
import { WorkflowStepInput, WorkflowTriggerInput } from './workflow.inputs';
import { E164_PHONE } from '../../../platform/e164';
import { WorkflowKind } from '../workflow-record/workflow.entity';
import { OFFSET_UNITS, offsetMs } from '../workflow-record/workflow-offset';
import { FORM_TRIGGERS } from '../workflow-record/workflow-reminder.entity';
import { EMAIL_ADDRESS } from '../../../platform/email-address';

/** The reference's enums (WorkflowTriggerOutputDto, WorkflowStepOutputDto). */
export const TRIGGERS = [
  'beforeEvent',
  'eventCancelled',
  'newEvent',
  'afterEvent',
  'rescheduleEvent',
  'afterHostsCalVideoNoShow',
  'afterGuestsCalVideoNoShow',
  'bookingRejected',
  'bookingRequested',
  'bookingPaymentInitiated',
  'bookingPaid',
  'bookingNoShowUpdated',
];
const TRIGGERS_OF: Record<WorkflowKind, readonly string[]> = { 'event-type': TRIGGERS, 'routing-form': FORM_TRIGGERS };
export const TRIGGERS_WITH_OFFSET = ['beforeEvent', 'afterEvent', 'afterHostsCalVideoNoShow', 'afterGuestsCalVideoNoShow'];
export const ACTIONS = [
  'email_host',
  'email_attendee',
  'email_address',
  'sms_attendee',
  'sms_number',
  'whatsapp_attendee',
  'whatsapp_number',
  'cal_ai_phone_call',
];
/** The actions a routing-form workflow's steps take (the reference's FORM_ALLOWED_STEP_ACTIONS). */
export const FORM_ACTIONS = ['email_attendee', 'email_address'];
const ACTIONS_OF: Record<WorkflowKind, string[]> = { 'event-type': ACTIONS, 'routing-form': FORM_ACTIONS };
export const RECIPIENTS = ['const', 'attendee', 'email', 'phone_number'];
export const TEMPLATES = ['reminder', 'custom', 'rescheduled', 'completed', 'rating', 'cancelled'];

const oneOf = (field: string, value: string, allowed: readonly string[], of = '') => {
  if (!allowed.includes(value)) throw badInput(field, `${field} must be one of ${allowed.join(', ')}${of}, got ${JSON.stringify(value)}`);
};
const OF_KIND: Record<WorkflowKind, string> = { 'event-type': ' for an event-type workflow', 'routing-form': ' for a routing-form workflow' };

const YEAR_MS = 366 * 86_400_000;

/**
 * The trigger's type must be one of its kind's. Its offset is required for the triggers timed around the meeting; given
 * to another trigger it is checked the same way (a routing-form trigger waits that long after the submission), and
 * it is at most a year.
 */
export function checkTrigger(trigger: WorkflowTriggerInput, kind: WorkflowKind): void {
  oneOf('trigger.type', trigger.type, TRIGGERS_OF[kind], OF_KIND[kind]);
  if (TRIGGERS_WITH_OFFSET.includes(trigger.type) && !trigger.offset) throw badInput('trigger.offset', `trigger.offset is required for ${trigger.type}`);
  if (trigger.offset) {
    if (!Number.isInteger(trigger.offset.value) || trigger.offset.value < 0) throw badInput('trigger.offset.value', 'trigger.offset.value must be 0 or more');
    oneOf('trigger.offset.unit', trigger.offset.unit, OFFSET_UNITS);
    if ((offsetMs({ offsetValue: trigger.offset.value, offsetUnit: trigger.offset.unit }) ?? 0) > YEAR_MS)
      throw badInput('trigger.offset.value', 'trigger.offset must be at most a year');
  }
}

export function checkSteps(steps: WorkflowStepInput[], kind: WorkflowKind): void {
  if (!steps.length) throw badInput('steps', 'steps must hold at least one step');
  const numbers = new Set<number>();
  steps.forEach((step, i) => {
    const at = `steps[${i}]`;
    oneOf(`${at}.action`, step.action, ACTIONS_OF[kind], OF_KIND[kind]);
    oneOf(`${at}.recipient`, step.recipient, RECIPIENTS);
    oneOf(`${at}.template`, step.template, TEMPLATES);
    if (!Number.isInteger(step.stepNumber) || step.stepNumber < 1) throw badInput(`${at}.stepNumber`, `${at}.stepNumber must be 1 or more`);
    if (numbers.has(step.stepNumber)) throw badInput(`${at}.stepNumber`, `${at}.stepNumber repeats another step's number`);
    numbers.add(step.stepNumber);
    if (!step.sender?.trim()) throw badInput(`${at}.sender`, `${at}.sender must not be empty`);
    if (!step.message?.subject?.trim() && step.action.startsWith('email')) throw badInput(`${at}.message.subject`, `${at}.message.subject must not be empty`);
    if (step.action.startsWith('email') && !step.message.html?.trim())
      throw badInput(`${at}.message.html`, `${at}.message.html is required for ${step.action}`);
    if ((step.action.startsWith('sms') || step.action.startsWith('whatsapp')) && !step.message.text?.trim())
      throw badInput(`${at}.message.text`, `${at}.message.text is required for ${step.action}`);
    if (step.action === 'email_address') {
      if (!step.email || !EMAIL_ADDRESS.test(step.email))
        throw badInput(`${at}.email`, `${at}.email (or ${at}.verifiedEmailId) must be an e-mail address for email_address`);
    }
    if (step.action === 'sms_number' || step.action === 'whatsapp_number') {
      if (!step.phone || !E164_PHONE.test(step.phone))
        throw badInput(`${at}.phone`, `${at}.phone (or ${at}.verifiedPhoneId) must match ^\\+[1-9]\\d{1,14}$ for ${step.action}`);
    }
    if (step.action === 'cal_ai_phone_call') throw badInput(`${at}.action`, `${at}.action cal_ai_phone_call is not available`);
  });
}

/** When a step of a workflow with this trigger runs for a booking; null when the trigger is not this event. */
export function dueTime(
  trigger: { type: string; offsetValue: number | null; offsetUnit: string | null },
  event: string,
  booking: { start: Date; end: Date },
  now: Date,
): Date | null {
  // A booking made or moved gets its reminders before and after the meeting (a moved one: those of its new time).
  const plansAroundMeeting = (event === 'newEvent' || event === 'rescheduleEvent') && (trigger.type === 'beforeEvent' || trigger.type === 'afterEvent');
  if (trigger.type !== event && !plansAroundMeeting) return null;
  const offset = offsetMs(trigger) ?? 0;
  if (trigger.type === 'beforeEvent') return new Date(booking.start.getTime() - offset);
  if (trigger.type === 'afterEvent') return new Date(booking.end.getTime() + offset);
  return now;
}

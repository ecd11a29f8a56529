/**
 * The booking fields an event type's booking form can have (spec 2.6). `field` is the discriminator;
 * default and workflow-added fields are identified by their fixed slug, custom fields by the slug
 * their author chose.
 */
export type BookingFieldSource = 'default' | 'workflow' | 'custom';

/** A booking field as stored on the event type (jsonb `booking_fields`) and answered. */
export interface StoredBookingField {
  source: BookingFieldSource;
  field: string;
  variant: string | null;
  slug: string;
  label: string;
  placeholder: string | null;
  required: boolean;
  hidden: boolean;
  disableOnPrefill: boolean;
  options: string[] | null;
}

type Settings = Omit<StoredBookingField, 'source'>;

const setting = (field: string, slug: string, label: string, extra: Partial<Settings> = {}): Settings => ({
  field,
  variant: null,
  slug,
  label,
  placeholder: null,
  required: false,
  hidden: false,
  disableOnPrefill: false,
  options: null,
  ...extra,
});

/**
 * Default fields, in their standard order, with their default settings: Full Name and Split Name are the
 * two variants of `name`; Attendee Phone is a `phone` field with the slug `attendeePhoneNumber`.
 */
export const DEFAULT_FIELDS: readonly Settings[] = [
  setting('name', 'name', 'Your name', { variant: 'fullName', required: true }),
  setting('email', 'email', 'Email address', { required: true }),
  setting('location', 'location', 'Location'),
  // Required while hidden, as the reference service's default form: a booker is asked only once a form shows it.
  setting('title', 'title', 'What is this meeting about?', { required: true, hidden: true }),
  setting('notes', 'notes', 'Additional notes'),
  setting('guests', 'guests', 'Add guests'),
  setting('rescheduleReason', 'rescheduleReason', 'Reason for reschedule'),
  setting('phone', 'attendeePhoneNumber', 'Phone number', { hidden: true }),
];

/** Fields a workflow adds (SMS Reminder, AI Agent Phone): read-only for the booking fields endpoints. */
export const WORKFLOW_FIELDS: readonly Settings[] = [
  setting('phone', 'smsReminderNumber', 'Number to send SMS reminders to'),
  setting('phone', 'aiAgentCallPhoneNumber', 'Phone number for the AI agent call'),
];

/** The variants of the `name` default field: Full Name and Split Name. */
export const NAME_VARIANTS = ['fullName', 'firstAndLastName'] as const;

/** Custom field kinds: Email, Phone, Address, Short Text, Number, Long Text, Select, Multi-Select, Multiple Emails, Checkbox Group, Checkbox, Radio Group, URL. */
export const CUSTOM_KINDS = [
  'email',
  'phone',
  'address',
  'text',
  'number',
  'textarea',
  'select',
  'multiselect',
  'multiemail',
  'checkbox',
  'boolean',
  'radio',
  'url',
] as const;

/** Custom kinds whose answers are picked from `options`. */
export const KINDS_WITH_OPTIONS: readonly string[] = ['select', 'multiselect', 'checkbox', 'radio'];

export const defaultFieldOf = (slug: string) => DEFAULT_FIELDS.find((f) => f.slug === slug);
export const workflowFieldOf = (slug: string) => WORKFLOW_FIELDS.find((f) => f.slug === slug);

/** What a new event type's booking form has: every default field with its default settings. */
export function defaultBookingFields(): StoredBookingField[] {
  return DEFAULT_FIELDS.map((f) => ({ source: 'default', ...f, options: f.options && [...f.options] }));
}

/** A workflow-added field with its settings, for the workflow that adds it. */
export function workflowBookingField(slug: string): StoredBookingField | null {
  const found = workflowFieldOf(slug);
  return found ? { source: 'workflow', ...found } : null;
}

import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';
import { directivesOf } from '../support/supergraph';

type Caller = Awaited<ReturnType<typeof userWithKey>>;

const DEFAULT_SLUGS = ['name', 'email', 'location', 'title', 'notes', 'guests', 'rescheduleReason', 'attendeePhoneNumber'];
const V2026_06_12 = { 'svc-api-version': '2026-06-12' };

/**
 * Booking fields of a team event type (spec 2.6, 4.4, 7.1, 9): POST (add custom fields), PUT (replace)
 * and GET /v2/teams/{teamId}/event-types/{eventTypeId}/booking-fields with svc-api-version 2026-06-12.
 * Role: team admin; PBAC eventType.update; scope TEAM_EVENT_TYPE_WRITE.
 */
describe('booking fields of a team event type', () => {
  let stack: TestStack;
  let teamAdmin: Caller;
  let member: Caller;
  let outsider: Caller;
  let team: { id: number };
  let otherTeam: { id: number };

  const path = (eventTypeId: number, teamId = team.id) => `/v2/teams/${teamId}/event-types/${eventTypeId}/booking-fields`;
  const post = (eventTypeId: number, bookingFields: unknown[], key = teamAdmin.key) =>
    stack.rest('POST', path(eventTypeId), { key, body: { bookingFields }, headers: V2026_06_12 });
  const put = (eventTypeId: number, bookingFields: unknown[], key = teamAdmin.key) =>
    stack.rest('PUT', path(eventTypeId), { key, body: { bookingFields }, headers: V2026_06_12 });

  /**
   * The booking form as the team event type shows it, in the booking fields routes' shape: the event type routes
   * (svc-api-version 2024-06-14) answer each field's kind as `type` too, the reference's name for `field`.
   */
  async function formOf(eventTypeId: number): Promise<any[]> {
    const fields = expectSuccess(await stack.rest('GET', `/v2/teams/${team.id}/event-types/${eventTypeId}`, { key: member.key })).bookingFields;
    return fields.map(({ type, ...field }: any) => {
      expect(type).toBe(field.field);
      return field;
    });
  }

  let counter = 0;
  /** A fresh team event type (with the default booking form). */
  async function freshEventType(): Promise<number> {
    counter += 1;
    const slug = `form-${counter}`;
    return expectSuccess(
      await stack.rest('POST', `/v2/teams/${team.id}/event-types`, { key: teamAdmin.key, body: { title: slug, slug, lengthInMinutes: 30 } }),
      201,
    ).id;
  }

  const company = { field: 'text', slug: 'company', label: 'Company', placeholder: 'Acme Inc.', required: true };
  const size = { field: 'select', slug: 'team-size', label: 'Team size', options: ['1-10', '11-50', '51+'] };

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    [teamAdmin, member, outsider] = [await userWithKey(stack), await userWithKey(stack), await userWithKey(stack)];
    team = await operator.createTeam({ name: 'Support', ownerId: teamAdmin.user.id });
    await operator.addMember({ teamId: team.id, userId: member.user.id, role: MembershipRole.MEMBER });
    otherTeam = await operator.createTeam({ name: 'Sales', ownerId: outsider.user.id });
  });
  afterAll(() => stack.stop());

  describe('a team event type starts with the default fields', () => {
    it('Full Name, Email, Location, Title, Notes, Guests, Reschedule Reason, Attendee Phone; name and email visible and required', async () => {
      const form = await formOf(await freshEventType());
      expect(form.map((f: any) => f.slug)).toEqual(DEFAULT_SLUGS);
      expect(form.every((f: any) => f.source === 'DEFAULT' && f.isDefault)).toBe(true);
      expect(form[0]).toEqual({
        field: 'name',
        variant: 'fullName',
        slug: 'name',
        label: 'Your name',
        placeholder: null,
        required: true,
        hidden: false,
        disableOnPrefill: false,
        options: null,
        source: 'DEFAULT',
        isDefault: true,
      });
      expect(form.find((f: any) => f.slug === 'attendeePhoneNumber')).toMatchObject({ field: 'phone', required: false, hidden: true });
    });

    it('GET …/booking-fields answers data {bookingFields}', async () => {
      const id = await freshEventType();
      expect(expectSuccess(await stack.rest('GET', path(id), { key: member.key, headers: V2026_06_12 }))).toEqual({ bookingFields: await formOf(id) });
    });
  });

  describe('svc-api-version must be 2026-06-12: the endpoint has no older version', () => {
    it.each([
      ['missing', {}],
      ['another value', { 'svc-api-version': '2024-06-14' }],
    ])('header %s → 404 naming the header, and the form is unchanged', async (_label, headers) => {
      const id = await freshEventType();
      const before = await formOf(id);
      for (const method of ['POST', 'PUT']) {
        const response = await stack.rest(method, path(id), { key: teamAdmin.key, body: { bookingFields: [company] }, headers });
        expectErrorEnvelope(response, 404, 'NOT_FOUND', /svc-api-version: 2026-06-12/);
      }
      expectErrorEnvelope(await stack.rest('GET', path(id), { key: member.key, headers }), 404, 'NOT_FOUND', /svc-api-version: 2026-06-12/);
      expect(await formOf(id)).toEqual(before);
    });
  });

  describe('POST adds custom fields', () => {
    it('→ 201 with data {bookingFields}: the form with the new fields at the end', async () => {
      const id = await freshEventType();
      const data = expectSuccess(await post(id, [company, size]), 201);
      expect(Object.keys(data)).toEqual(['bookingFields']);
      expect(data.bookingFields.map((f: any) => f.slug)).toEqual([...DEFAULT_SLUGS, 'company', 'team-size']);
      expect(data.bookingFields.slice(-2)).toEqual([
        { ...company, variant: null, hidden: false, disableOnPrefill: false, options: null, source: 'CUSTOM', isDefault: false },
        { ...size, variant: null, placeholder: null, required: false, hidden: false, disableOnPrefill: false, source: 'CUSTOM', isDefault: false },
      ]);
      expect(await formOf(id)).toEqual(data.bookingFields);
    });

    it.each([
      ['email', { field: 'email', slug: 'work-email', label: 'Work e-mail' }],
      ['phone', { field: 'phone', slug: 'mobile', label: 'Mobile' }],
      ['address', { field: 'address', slug: 'office', label: 'Office' }],
      ['number', { field: 'number', slug: 'seats', label: 'Seats' }],
      ['textarea', { field: 'textarea', slug: 'agenda', label: 'Agenda' }],
      ['multiselect', { field: 'multiselect', slug: 'topics', label: 'Topics', options: ['A', 'B'] }],
      ['multiemail', { field: 'multiemail', slug: 'cc', label: 'Copy to' }],
      ['checkbox (group)', { field: 'checkbox', slug: 'interests', label: 'Interests', options: ['x', 'y'] }],
      ['boolean (checkbox)', { field: 'boolean', slug: 'consent', label: 'I agree' }],
      ['radio', { field: 'radio', slug: 'plan', label: 'Plan', options: ['free', 'paid'] }],
      ['url', { field: 'url', slug: 'website', label: 'Website' }],
    ])('the custom kind %s', async (_kind, field) => {
      const id = await freshEventType();
      const added = expectSuccess(await post(id, [field]), 201).bookingFields.at(-1);
      expect(added).toMatchObject({ ...field, source: 'CUSTOM' });
    });

    it.each([
      ['an unknown kind', { field: 'colour', slug: 'c', label: 'Colour' }, /^bookingFields\[0\]\.field: "colour" is not a booking field kind/],
      ['a select without options', { field: 'select', slug: 's', label: 'Pick' }, /^bookingFields\[0\]\.options: /],
      ['a custom field without label', { field: 'text', slug: 'nolabel' }, /^bookingFields\[0\]\.label: /],
      ['a slug with spaces', { field: 'text', slug: 'my field', label: 'Field' }, /^bookingFields\[0\]\.slug: /],
      ['a variant on a custom field', { field: 'text', slug: 'v', label: 'V', variant: 'fullName' }, /^bookingFields\[0\]\.variant: /],
      ['no slug', { field: 'text', label: 'No slug' }, /slug/],
    ])('%s → 400 naming the field, and the form is unchanged', async (_label, field, message) => {
      const id = await freshEventType();
      const before = await formOf(id);
      expectErrorEnvelope(await post(id, [field]), 400, 'BAD_REQUEST', message);
      expect(await formOf(id)).toEqual(before);
    });

    it('without bookingFields → 400 naming bookingFields', async () => {
      const id = await freshEventType();
      expectErrorEnvelope(await stack.rest('POST', path(id), { key: teamAdmin.key, body: {}, headers: V2026_06_12 }), 400, 'BAD_REQUEST', /bookingFields/);
    });
  });

  describe('rule: the array cannot be empty', () => {
    it('POST and PUT with bookingFields [] → 400 saying so, and the form is unchanged', async () => {
      const id = await freshEventType();
      expectSuccess(await post(id, [company]), 201);
      const before = await formOf(id);
      expectErrorEnvelope(await post(id, []), 400, 'BAD_REQUEST', /^bookingFields: the array cannot be empty/);
      expectErrorEnvelope(await put(id, []), 400, 'BAD_REQUEST', /^bookingFields: the array cannot be empty/);
      expect(await formOf(id)).toEqual(before);
    });
  });

  describe('rule: the array cannot contain duplicate default fields', () => {
    it('PUT with email twice → 400 naming the duplicate, and the form is unchanged', async () => {
      const id = await freshEventType();
      const before = await formOf(id);
      const email = { field: 'email', slug: 'email' };
      expectErrorEnvelope(await put(id, [email, company, { ...email, label: 'Again' }]), 400, 'BAD_REQUEST', /^bookingFields: duplicate default field "email"/);
      expect(await formOf(id)).toEqual(before);
    });

    it('POST with Full Name and Split Name (both the name field) → 400 naming the duplicate', async () => {
      const id = await freshEventType();
      const response = await post(id, [
        { field: 'name', slug: 'name', variant: 'fullName' },
        { field: 'name', slug: 'name', variant: 'firstAndLastName' },
      ]);
      expectErrorEnvelope(response, 400, 'BAD_REQUEST', /^bookingFields: duplicate default field "name"/);
    });
  });

  describe('rule: the array cannot contain duplicate custom slugs', () => {
    it('POST with the same custom slug twice → 400, and the form is unchanged', async () => {
      const id = await freshEventType();
      const before = await formOf(id);
      expectErrorEnvelope(await post(id, [company, { ...size, slug: 'company' }]), 400, 'BAD_REQUEST', /^bookingFields: duplicate custom field slug "company"/);
      expect(await formOf(id)).toEqual(before);
    });

    it('POST with a slug the form already has → 400, and the form is unchanged', async () => {
      const id = await freshEventType();
      expectSuccess(await post(id, [company]), 201);
      const before = await formOf(id);
      expectErrorEnvelope(await post(id, [{ ...company, label: 'Employer' }]), 400, 'BAD_REQUEST', /^bookingFields: duplicate custom field slug "company"/);
      expect(await formOf(id)).toEqual(before);
    });

    it('PUT with the same custom slug twice → 400, and the form is unchanged', async () => {
      const id = await freshEventType();
      const before = await formOf(id);
      expectErrorEnvelope(await put(id, [company, company]), 400, 'BAD_REQUEST', /^bookingFields: duplicate custom field slug "company"/);
      expect(await formOf(id)).toEqual(before);
    });
  });

  describe('rule: a custom field cannot use a default field’s slug', () => {
    it.each(['notes', 'email', 'name', 'attendeePhoneNumber'])('a text field with the slug "%s" → 400, and the form is unchanged', async (slug) => {
      const id = await freshEventType();
      const before = await formOf(id);
      for (const send of [post, put]) {
        expectErrorEnvelope(
          await send(id, [{ field: 'number', slug, label: 'Sneaky' }]),
          400,
          'BAD_REQUEST',
          new RegExp(`^bookingFields\\[0\\]\\.slug: a custom field cannot use the slug "${slug}" of a default field`),
        );
      }
      expect(await formOf(id)).toEqual(before);
    });

    it('nor a workflow-added field’s slug', async () => {
      const id = await freshEventType();
      expectErrorEnvelope(
        await post(id, [{ field: 'text', slug: 'smsReminderNumber', label: 'SMS' }]),
        400,
        'BAD_REQUEST',
        /a custom field cannot use the slug "smsReminderNumber" of a workflow-added field/,
      );
    });
  });

  describe('rule: default and workflow-added fields cannot be added through this endpoint', () => {
    it('POST with a default field → 400 saying default fields cannot be added, and the form is unchanged', async () => {
      const id = await freshEventType();
      const before = await formOf(id);
      expectErrorEnvelope(
        await post(id, [company, { field: 'phone', slug: 'attendeePhoneNumber', label: 'Phone' }]),
        400,
        'BAD_REQUEST',
        /^bookingFields\[1\]: default fields cannot be added through this endpoint/,
      );
      expectErrorEnvelope(await post(id, [{ field: 'email', slug: 'email' }]), 400, 'BAD_REQUEST', /default fields cannot be added/);
      expect(await formOf(id)).toEqual(before);
    });

    it.each(['smsReminderNumber', 'aiAgentCallPhoneNumber'])(
      'POST with the workflow-added field %s → 400 saying so, and the form is unchanged',
      async (slug) => {
        const id = await freshEventType();
        const before = await formOf(id);
        expectErrorEnvelope(
          await post(id, [{ field: 'phone', slug, label: 'Phone' }]),
          400,
          'BAD_REQUEST',
          /^bookingFields\[0\]: workflow-added fields cannot be added through this endpoint/,
        );
        expect(await formOf(id)).toEqual(before);
      },
    );
  });

  describe('PUT replaces the fields', () => {
    it('custom fields not sent are removed; default fields not sent come back with their default settings', async () => {
      const id = await freshEventType();
      expectSuccess(await post(id, [company, size]), 201);
      const first = expectSuccess(await put(id, [{ field: 'notes', slug: 'notes', label: 'Anything else?', required: true }, size])).bookingFields;
      expect(first.map((f: any) => f.slug)).toEqual(['notes', 'team-size', ...DEFAULT_SLUGS.filter((s) => s !== 'notes')]);
      expect(first[0]).toMatchObject({ slug: 'notes', label: 'Anything else?', required: true, source: 'DEFAULT' });
      const second = expectSuccess(await put(id, [{ field: 'name', slug: 'name', variant: 'firstAndLastName' }])).bookingFields;
      expect(second.find((f: any) => f.slug === 'notes')).toMatchObject({ label: 'Additional notes', required: false });
      expect(second.find((f: any) => f.slug === 'name')).toMatchObject({ variant: 'firstAndLastName', label: 'Your name', required: true });
      expect(second.map((f: any) => f.slug)).toEqual(DEFAULT_SLUGS);
      expect(await formOf(id)).toEqual(second);
    });

    it('a variant other than fullName or firstAndLastName → 400 naming the variant', async () => {
      const id = await freshEventType();
      expectErrorEnvelope(await put(id, [{ field: 'name', slug: 'name', variant: 'nickname' }]), 400, 'BAD_REQUEST', /^bookingFields\[0\]\.variant: /);
    });
  });

  describe('rule: when fields are replaced, at least one of email or attendee phone number must remain visible and required', () => {
    const hiddenEmail = { field: 'email', slug: 'email', hidden: true, required: false };

    it.each([
      ['email hidden and optional, attendee phone left as default (hidden)', [hiddenEmail]],
      ['email required but hidden', [{ field: 'email', slug: 'email', hidden: true, required: true }]],
      [
        'email visible but optional, attendee phone visible but optional',
        [
          { field: 'email', slug: 'email', required: false },
          { field: 'phone', slug: 'attendeePhoneNumber', hidden: false },
        ],
      ],
    ])('%s → 400 saying so, and the form is unchanged', async (_label, fields) => {
      const id = await freshEventType();
      const before = await formOf(id);
      expectErrorEnvelope(
        await put(id, fields),
        400,
        'BAD_REQUEST',
        /^bookingFields: at least one of email or attendeePhoneNumber must remain visible and required/,
      );
      expect(await formOf(id)).toEqual(before);
    });

    it('email hidden, attendee phone visible and required → 200', async () => {
      const id = await freshEventType();
      const form = expectSuccess(await put(id, [hiddenEmail, { field: 'phone', slug: 'attendeePhoneNumber', hidden: false, required: true }])).bookingFields;
      expect(form.find((f: any) => f.slug === 'email')).toMatchObject({ hidden: true, required: false });
      expect(form.find((f: any) => f.slug === 'attendeePhoneNumber')).toMatchObject({ hidden: false, required: true });
    });
  });

  describe('rule: workflow-added fields are read-only and ignored when replacing', () => {
    it('an SMS Reminder field sent in a PUT is ignored; the event type keeps its own, unchanged; one not sent stays too', async () => {
      const id = await freshEventType();
      await operatorOf(stack).addWorkflowBookingField(id, 'smsReminderNumber');
      await operatorOf(stack).addWorkflowBookingField(id, 'aiAgentCallPhoneNumber');
      const before = await formOf(id);
      const sms = before.find((f: any) => f.slug === 'smsReminderNumber');
      expect(sms).toMatchObject({ field: 'phone', source: 'WORKFLOW', isDefault: false });
      const form = expectSuccess(
        await put(id, [company, { field: 'phone', slug: 'smsReminderNumber', label: 'Changed', required: true, hidden: true }]),
      ).bookingFields;
      expect(form.find((f: any) => f.slug === 'smsReminderNumber')).toEqual(sms);
      expect(form.find((f: any) => f.slug === 'aiAgentCallPhoneNumber')).toEqual(before.find((f: any) => f.slug === 'aiAgentCallPhoneNumber'));
      expect(form.filter((f: any) => f.source === 'WORKFLOW')).toHaveLength(2);
      expect(await formOf(id)).toEqual(form);
    });

    it('a PUT of only workflow-added fields leaves the custom fields out and keeps the workflow ones', async () => {
      const id = await freshEventType();
      await operatorOf(stack).addWorkflowBookingField(id, 'smsReminderNumber');
      expectSuccess(await post(id, [company]), 201);
      const form = expectSuccess(await put(id, [{ field: 'phone', slug: 'smsReminderNumber' }])).bookingFields;
      expect(form.map((f: any) => f.slug)).toEqual([...DEFAULT_SLUGS, 'smsReminderNumber']);
    });
  });

  describe('who may change the fields: team admins (PBAC eventType.update, scope TEAM_EVENT_TYPE_WRITE)', () => {
    it('a plain member → 403 on POST and PUT, and the form is unchanged', async () => {
      const id = await freshEventType();
      const before = await formOf(id);
      expectErrorEnvelope(await post(id, [company], member.key), 403, 'FORBIDDEN');
      expectErrorEnvelope(await put(id, [company], member.key), 403, 'FORBIDDEN');
      expect(await formOf(id)).toEqual(before);
    });

    it('an admin of another team → 403; without a credential → 401', async () => {
      const id = await freshEventType();
      expectErrorEnvelope(await post(id, [company], outsider.key), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('POST', path(id), { body: { bookingFields: [company] }, headers: V2026_06_12 }), 401, 'UNAUTHORIZED');
    });

    it('an event type of another team, or a personal one, through this team → 404', async () => {
      const theirs = expectSuccess(
        await stack.rest('POST', `/v2/teams/${otherTeam.id}/event-types`, { key: outsider.key, body: { title: 'x', slug: 'x', lengthInMinutes: 10 } }),
        201,
      );
      const personal = expectSuccess(
        await stack.rest('POST', '/v2/event-types', { key: teamAdmin.key, body: { title: 'p', slug: 'p', lengthInMinutes: 10 } }),
        201,
      );
      expectErrorEnvelope(await post(theirs.id, [company]), 404, 'NOT_FOUND');
      expectErrorEnvelope(await post(personal.id, [company]), 404, 'NOT_FOUND');
    });

    it.each(['addTeamEventTypeBookingFields', 'replaceTeamEventTypeBookingFields'])(
      '%s declares @scopes TEAM_EVENT_TYPE_WRITE and @pbac eventType.update',
      (field) => {
        expect(directivesOf(field)).toEqual(
          expect.arrayContaining([
            '@scopes(anyOf: [["TEAM_EVENT_TYPE_WRITE"]])',
            '@pbac(permission: "eventType.update", team: "args.teamId", org: "args.orgId")',
          ]),
        );
      },
    );
  });
});

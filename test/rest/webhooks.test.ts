import { expectErrorEnvelope, expectSuccess, userWithKey } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';

/** The reference OpenAPI's UserWebhookOutputDto / EventTypeWebhookOutputDto: the required fields and their types. */
function expectReferenceShape(webhook: any, owner: 'userId' | 'eventTypeId') {
  expect(typeof webhook.id).toBe('number');
  expect(typeof webhook[owner]).toBe('number');
  expect(Array.isArray(webhook.triggers)).toBe(true);
  expect(typeof webhook.subscriberUrl).toBe('string');
  expect(typeof webhook.active).toBe('boolean');
  expect(webhook).toHaveProperty('payloadTemplate');
  expect(webhook).not.toHaveProperty('secret');
}

/** GET, POST /v2/webhooks (spec 4.15; triggers and their rules: section 6; `time` ≥ 1: section 8). */
describe('/v2/webhooks', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof userWithKey>>;
  let other: Awaited<ReturnType<typeof userWithKey>>;
  let lister: Awaited<ReturnType<typeof userWithKey>>;

  beforeAll(async () => {
    stack = await startTestStack();
    [owner, other, lister] = [await userWithKey(stack), await userWithKey(stack), await userWithKey(stack)];
  });
  afterAll(() => stack.stop());

  const create = (key: string, body: unknown) => stack.rest('POST', '/v2/webhooks', { key, body });
  // One webhook per owner and subscriberUrl: every spread of `valid` gets a URL of its own.
  let seq = 0;
  const valid = {
    get subscriberUrl() {
      return `https://hooks.example.com/svc/${++seq}`;
    },
    triggers: ['BOOKING_CREATED'],
  };

  async function listOf(key: string): Promise<{ items: any[]; total: number }> {
    const response = await stack.rest('GET', '/v2/webhooks', { key });
    return { items: expectSuccess(response), total: response.body.pagination.totalItems };
  }

  /** A request that must be refused with a 400 naming `field`, creating nothing. */
  async function refused(body: unknown, field: string) {
    const before = await listOf(owner.key);
    const response = await create(owner.key, body);
    expectErrorEnvelope(response, 400, 'BAD_REQUEST', new RegExp(`\\b${field}\\b`));
    expect(await listOf(owner.key)).toEqual(before);
  }

  describe('POST /v2/webhooks: payloadTemplate (string or null), triggers, subscriberUrl, active', () => {
    it('answers 201 with the created webhook', async () => {
      const body = {
        subscriberUrl: 'https://hooks.example.com/bookings',
        triggers: ['BOOKING_CREATED', 'BOOKING_CANCELLED'],
        active: false,
        payloadTemplate: '{"title":"{{title}}","who":"{{organizer.name}}"}',
      };
      const response = await create(owner.key, body);
      const created = expectSuccess(response, 201);
      expect(created).toMatchObject({
        ...body,
        userId: owner.user.id,
        teamId: null,
        eventTypeId: null,
        oAuthClientId: null,
        version: '2021-10-20',
        time: null,
        timeUnit: null,
      });
      expect(typeof created.id).toBe('number');
      expect((await listOf(owner.key)).items).toContainEqual(created);
    });

    it('defaults: active true, payloadTemplate null', async () => {
      const created = expectSuccess(await create(owner.key, valid), 201);
      expect(created).toMatchObject({ active: true, payloadTemplate: null, triggers: ['BOOKING_CREATED'] });
    });

    it('a secret sent at creation is never in the response (nor in the list)', async () => {
      const secret = 'whsec-do-not-echo-4711';
      const response = await stack.rest('POST', '/v2/webhooks', { key: owner.key, body: { ...valid, secret } });
      const created = expectSuccess(response, 201);
      expect(created).not.toHaveProperty('secret');
      expect(JSON.stringify(response.body)).not.toContain(secret);
      const list = await stack.rest('GET', '/v2/webhooks', { key: owner.key });
      expect(JSON.stringify(list.body)).not.toContain(secret);
      for (const webhook of list.body.data) expect(webhook).not.toHaveProperty('secret');
    });

    it('payload version 2026-07-27 may be chosen', async () => {
      expect(expectSuccess(await create(owner.key, { ...valid, version: '2026-07-27' }), 201).version).toBe('2026-07-27');
    });

    it('duplicate triggers are kept once', async () => {
      expect(expectSuccess(await create(owner.key, { ...valid, triggers: ['BOOKING_PAID', 'BOOKING_PAID'] }), 201).triggers).toEqual(['BOOKING_PAID']);
    });

    it('unknown body properties are ignored', async () => {
      const created = expectSuccess(await create(owner.key, { ...valid, eventTriggers: ['X'], color: 'red' }), 201);
      expect(created).not.toHaveProperty('color');
      expect(created).not.toHaveProperty('eventTriggers');
    });

    it('without a credential → 401, and nothing is created', async () => {
      const before = await listOf(owner.key);
      expectErrorEnvelope(await stack.rest('POST', '/v2/webhooks', { body: valid }), 401, 'UNAUTHORIZED');
      expect(await listOf(owner.key)).toEqual(before);
    });
  });

  describe('triggers are validated against the trigger names of section 6', () => {
    it('every listed trigger name is accepted', async () => {
      const all = [
        'BOOKING_CREATED',
        'BOOKING_PAYMENT_INITIATED',
        'BOOKING_PAID',
        'BOOKING_RESCHEDULED',
        'BOOKING_REQUESTED',
        'BOOKING_CANCELLED',
        'BOOKING_REJECTED',
        'BOOKING_NO_SHOW_UPDATED',
        'BOOKING_LOCATION_UPDATED',
        'BOOKING_REASSIGNED',
        'FORM_SUBMITTED',
        'MEETING_ENDED',
        'MEETING_STARTED',
        'RECORDING_READY',
        'INSTANT_MEETING',
        'INSTANT_MEETING_ACCEPTED',
        'RECORDING_TRANSCRIPTION_GENERATED',
        'OOO_CREATED',
        'AFTER_HOSTS_SVC_VIDEO_NO_SHOW',
        'AFTER_GUESTS_SVC_VIDEO_NO_SHOW',
        'FORM_SUBMITTED_NO_EVENT',
        'ROUTING_FORM_FALLBACK_HIT',
        'DELEGATION_CREDENTIAL_ERROR',
        'WRONG_ASSIGNMENT_REPORT',
        'DELEGATION_CREDENTIAL_SECRET_ROTATION_FAILED',
        'DELEGATION_CREDENTIAL_ROTATION_REQUIRED',
        'DELEGATION_CREDENTIAL_SECRET_ROTATED',
        'CALENDAR_ENTRY_REJECTED',
      ];
      const created = expectSuccess(await create(owner.key, { ...valid, triggers: all, time: 5, timeUnit: 'MINUTE' }), 201);
      expect(created.triggers).toEqual(all);
    });

    it('the sample names BOOKING_CONFIRMED, BOOKING_COMPLETED, BOOKING_NO_SHOW, BOOKING_REOPENED are accepted (documented decision)', async () => {
      const samples = ['BOOKING_CONFIRMED', 'BOOKING_COMPLETED', 'BOOKING_NO_SHOW', 'BOOKING_REOPENED'];
      expect(expectSuccess(await create(owner.key, { ...valid, triggers: samples }), 201).triggers).toEqual(samples);
    });

    it('an unknown trigger → 400 naming triggers, and nothing is created', () =>
      refused({ ...valid, triggers: ['BOOKING_CREATED', 'BOOKING_EXPLODED'] }, 'triggers'));
    it('a trigger in the wrong case → 400 naming triggers', () => refused({ ...valid, triggers: ['booking_created'] }, 'triggers'));
    it('no trigger at all (empty array) → 400 naming triggers', () => refused({ ...valid, triggers: [] }, 'triggers'));
    it('missing triggers → 400 naming triggers', () => refused({ subscriberUrl: valid.subscriberUrl }, 'triggers'));
    it('triggers not an array of strings → 400 naming triggers', () => refused({ ...valid, triggers: [{ name: 'BOOKING_CREATED' }] }, 'triggers'));
  });

  describe('subscriberUrl must be a URL', () => {
    it.each([['not a url'], [''], ['ftp://files.example.com/x'], ['javascript:alert(1)'], ['//example.com/no-scheme']])(
      '%j → 400 naming subscriberUrl, and nothing is created',
      (subscriberUrl) => refused({ ...valid, subscriberUrl }, 'subscriberUrl'),
    );
    it('missing → 400 naming subscriberUrl', () => refused({ triggers: valid.triggers }, 'subscriberUrl'));
    it('a number → 400 naming subscriberUrl', () => refused({ ...valid, subscriberUrl: 42 }, 'subscriberUrl'));
    it('http and https URLs are accepted', async () => {
      expectSuccess(await create(owner.key, { ...valid, subscriberUrl: 'http://hooks.example.com:8080/hook' }), 201);
    });
  });

  describe('the no-show triggers need time (number, minimum 1) and timeUnit (DAY, HOUR, MINUTE)', () => {
    const noShow = { ...valid, triggers: ['AFTER_HOSTS_SVC_VIDEO_NO_SHOW'] };

    it('AFTER_HOSTS_SVC_VIDEO_NO_SHOW without time and timeUnit → 400, and nothing is created', () => refused(noShow, 'time'));
    it('AFTER_GUESTS_SVC_VIDEO_NO_SHOW without time → 400 naming time', () =>
      refused({ ...valid, triggers: ['AFTER_GUESTS_SVC_VIDEO_NO_SHOW'], timeUnit: 'HOUR' }, 'time'));
    it('without timeUnit → 400 naming timeUnit', () => refused({ ...noShow, time: 10 }, 'timeUnit'));
    it('time 0 → 400 naming time', () => refused({ ...noShow, time: 0, timeUnit: 'MINUTE' }, 'time'));
    it('time -1 → 400 naming time', () => refused({ ...noShow, time: -1, timeUnit: 'MINUTE' }, 'time'));
    it('time "x" → 400 naming time', () => refused({ ...noShow, time: 'x', timeUnit: 'MINUTE' }, 'time'));
    it('timeUnit "WEEK" → 400 naming timeUnit', () => refused({ ...noShow, time: 1, timeUnit: 'WEEK' }, 'timeUnit'));

    it.each([['DAY'], ['HOUR'], ['MINUTE']])('time 1 with timeUnit %s → 201 with both stored', async (timeUnit) => {
      const created = expectSuccess(await create(owner.key, { ...noShow, subscriberUrl: valid.subscriberUrl, time: 1, timeUnit }), 201);
      expect(created).toMatchObject({ triggers: ['AFTER_HOSTS_SVC_VIDEO_NO_SHOW'], time: 1, timeUnit });
    });
  });

  describe('a request body must be JSON', () => {
    it('invalid JSON → 400, and nothing is created', async () => {
      const before = await listOf(owner.key);
      expectErrorEnvelope(
        await stack.rest('POST', '/v2/webhooks', { key: owner.key, body: '{"subscriberUrl": "https://x.example.com", ' }),
        400,
        'BAD_REQUEST',
        /JSON/,
      );
      expect(await listOf(owner.key)).toEqual(before);
    });
  });

  describe('GET /v2/webhooks lists only the caller’s own webhooks, with pagination', () => {
    let mine: number[];

    beforeAll(async () => {
      mine = [];
      for (const path of ['a', 'b', 'c'])
        mine.push(expectSuccess(await create(lister.key, { ...valid, subscriberUrl: `https://lister.example.com/${path}` }), 201).id);
      expectSuccess(await create(other.key, { ...valid, subscriberUrl: 'https://other.example.com/hook' }), 201);
    });

    it('all of the caller’s webhooks and none of anybody else’s', async () => {
      const response = await stack.rest('GET', '/v2/webhooks', { key: lister.key });
      const data = expectSuccess(response);
      expect(data.map((w: any) => w.id)).toEqual(mine);
      for (const webhook of data) expect(webhook.userId).toBe(lister.user.id);
      expect(response.body.pagination).toMatchObject({ totalItems: 3, currentPage: 1, totalPages: 1, hasNextPage: false });
    });

    it('another user sees only their own', async () => {
      const { items, total } = await listOf(other.key);
      expect(items.map((w) => w.subscriberUrl)).toEqual(['https://other.example.com/hook']);
      expect(total).toBe(1);
    });

    it('take=2 → two, hasNextPage; take=2&skip=2 → the last one', async () => {
      const first = await stack.rest('GET', '/v2/webhooks?take=2', { key: lister.key });
      expect(expectSuccess(first).map((w: any) => w.id)).toEqual(mine.slice(0, 2));
      expect(first.body.pagination).toMatchObject({ totalItems: 3, currentPage: 1, totalPages: 2, hasNextPage: true });
      const second = await stack.rest('GET', '/v2/webhooks?take=2&skip=2', { key: lister.key });
      expect(expectSuccess(second).map((w: any) => w.id)).toEqual(mine.slice(2));
      expect(second.body.pagination).toMatchObject({ totalItems: 3, currentPage: 2, totalPages: 2, hasNextPage: false });
    });

    it.each([
      ['take=0', /take/],
      ['take=251', /take/],
      ['skip=-1', /skip/],
      ['take=abc', /take/],
    ])('%s → 400 naming the parameter', async (query, field) => {
      expectErrorEnvelope(await stack.rest('GET', `/v2/webhooks?${query}`, { key: lister.key }), 400, 'BAD_REQUEST', field);
    });

    it('a user without webhooks gets an empty list', async () => {
      const fresh = await userWithKey(stack);
      const response = await stack.rest('GET', '/v2/webhooks', { key: fresh.key });
      expect(expectSuccess(response)).toEqual([]);
      expect(response.body.pagination).toMatchObject({ totalItems: 0, currentPage: 1, totalPages: 1, hasNextPage: false });
    });

    it('without a credential → 401', async () => {
      expectErrorEnvelope(await stack.rest('GET', '/v2/webhooks'), 401, 'UNAUTHORIZED');
    });
  });

  describe('subscriberUrl must not target a private or loopback address (outbound policy), without a DNS lookup', () => {
    it.each([
      ['http://127.0.0.1/hook'],
      ['http://localhost:8080/hook'],
      ['http://api.localhost/hook'],
      ['http://10.0.0.5/hook'],
      ['http://169.254.169.254/latest'],
      ['http://[::1]/hook'],
      ['http://0x7f.1/hook'],
    ])('%j → 400 naming subscriberUrl, and nothing is created', (subscriberUrl) => refused({ ...valid, subscriberUrl }, 'subscriberUrl'));
    it('a user:password@ URL → 400 naming subscriberUrl', () => refused({ ...valid, subscriberUrl: 'https://user:pw@hooks.example.com/x' }, 'subscriberUrl'));
    it('a name that does not resolve here is accepted (checked again when delivering)', async () => {
      expectSuccess(await create(owner.key, { ...valid, subscriberUrl: 'https://no-such-host.invalid/hook' }), 201);
    });
    it('with ALLOW_PRIVATE_TARGETS=1 a loopback target is accepted', async () => {
      const saved = process.env.ALLOW_PRIVATE_TARGETS;
      process.env.ALLOW_PRIVATE_TARGETS = '1';
      try {
        expectSuccess(await create(owner.key, { ...valid, subscriberUrl: 'http://127.0.0.1:9/allowed' }), 201);
      } finally {
        if (saved === undefined) delete process.env.ALLOW_PRIVATE_TARGETS;
        else process.env.ALLOW_PRIVATE_TARGETS = saved;
      }
    });
  });

  describe('GET /v2/webhooks/{webhookId}: one of the caller’s webhooks; anybody else’s → 404', () => {
    let mine: any;
    let theirs: any;
    beforeAll(async () => {
      mine = expectSuccess(await create(owner.key, { ...valid, subscriberUrl: 'https://get.example.com/mine', secret: 'get-secret-1' }), 201);
      theirs = expectSuccess(await create(other.key, { ...valid, subscriberUrl: 'https://get.example.com/theirs' }), 201);
    });

    it('answers the webhook, in the reference shape, without its secret', async () => {
      const response = await stack.rest('GET', `/v2/webhooks/${mine.id}`, { key: owner.key });
      const data = expectSuccess(response);
      expect(data).toEqual(mine);
      expectReferenceShape(data, 'userId');
      expect(JSON.stringify(response.body)).not.toContain('get-secret-1');
    });
    it('another user’s webhook → 404', async () => {
      expectErrorEnvelope(await stack.rest('GET', `/v2/webhooks/${theirs.id}`, { key: owner.key }), 404, 'NOT_FOUND');
    });
    it('an id that does not exist → 404', async () => {
      expectErrorEnvelope(await stack.rest('GET', '/v2/webhooks/999999', { key: owner.key }), 404, 'NOT_FOUND');
    });
    it('a webhookId that is not a number → 400', async () => {
      expect((await stack.rest('GET', '/v2/webhooks/abc', { key: owner.key })).status).toBe(400);
    });
    it('without a credential → 401', async () => {
      expectErrorEnvelope(await stack.rest('GET', `/v2/webhooks/${mine.id}`), 401, 'UNAUTHORIZED');
    });
  });

  describe('PATCH /v2/webhooks/{webhookId}: partial update, validated like a create', () => {
    let hook: any;
    const patch = (id: number, body: unknown, key = owner.key) => stack.rest('PATCH', `/v2/webhooks/${id}`, { key, body });
    const current = async () => expectSuccess(await stack.rest('GET', `/v2/webhooks/${hook.id}`, { key: owner.key }));
    beforeAll(async () => {
      hook = expectSuccess(await create(owner.key, { ...valid, subscriberUrl: 'https://patch.example.com/a', payloadTemplate: '{"t":"{{title}}"}' }), 201);
    });

    it('changes only the fields sent', async () => {
      const updated = expectSuccess(await patch(hook.id, { active: false, triggers: ['BOOKING_CANCELLED', 'BOOKING_PAID'] }));
      expect(updated).toMatchObject({
        id: hook.id,
        active: false,
        triggers: ['BOOKING_CANCELLED', 'BOOKING_PAID'],
        subscriberUrl: hook.subscriberUrl,
        payloadTemplate: hook.payloadTemplate,
        version: '2021-10-20',
        userId: owner.user.id,
      });
      expectReferenceShape(updated, 'userId');
      expect(await current()).toEqual(updated);
    });
    it('payloadTemplate null removes it; version 2026-07-27 may be chosen', async () => {
      expect(expectSuccess(await patch(hook.id, { payloadTemplate: null, version: '2026-07-27' }))).toMatchObject({
        payloadTemplate: null,
        version: '2026-07-27',
      });
    });
    it('a new secret is never in the answer', async () => {
      const response = await patch(hook.id, { secret: 'patched-secret-77' });
      expectSuccess(response);
      expect(JSON.stringify(response.body)).not.toContain('patched-secret-77');
    });

    async function refusedPatch(body: unknown, field: string) {
      const before = await current();
      expectErrorEnvelope(await patch(hook.id, body), 400, 'BAD_REQUEST', new RegExp(`\\b${field}\\b`));
      expect(await current()).toEqual(before);
    }
    it('an unknown trigger → 400 naming triggers, nothing changes', () => refusedPatch({ triggers: ['BOOKING_EXPLODED'] }, 'triggers'));
    it('no trigger (empty array) → 400 naming triggers', () => refusedPatch({ triggers: [] }, 'triggers'));
    it('triggers null → 400 naming triggers', () => refusedPatch({ triggers: null }, 'triggers'));
    it('subscriberUrl not a URL → 400 naming subscriberUrl', () => refusedPatch({ subscriberUrl: 'not a url' }, 'subscriberUrl'));
    it('subscriberUrl on loopback → 400 naming subscriberUrl', () => refusedPatch({ subscriberUrl: 'http://127.0.0.1/x' }, 'subscriberUrl'));
    it('version "2020-01-01" → 400 naming version', () => refusedPatch({ version: '2020-01-01' }, 'version'));
    it('a no-show trigger without time and timeUnit (none stored) → 400 naming time', () =>
      refusedPatch({ triggers: ['AFTER_GUESTS_SVC_VIDEO_NO_SHOW'] }, 'time'));
    it('a no-show trigger with time but without timeUnit → 400 naming timeUnit', () =>
      refusedPatch({ triggers: ['AFTER_HOSTS_SVC_VIDEO_NO_SHOW'], time: 2 }, 'timeUnit'));
    it('time 0 → 400 naming time', () => refusedPatch({ time: 0, timeUnit: 'HOUR' }, 'time'));
    it('a no-show trigger with time ≥ 1 and timeUnit → 200; then time null while the trigger stays → 400 naming time', async () => {
      expect(expectSuccess(await patch(hook.id, { triggers: ['AFTER_HOSTS_SVC_VIDEO_NO_SHOW'], time: 1, timeUnit: 'DAY' }))).toMatchObject({
        time: 1,
        timeUnit: 'DAY',
      });
      await refusedPatch({ time: null }, 'time');
    });
    it('another user’s webhook → 404, and it does not change', async () => {
      const theirs = expectSuccess(await create(other.key, { ...valid, subscriberUrl: 'https://patch.example.com/theirs' }), 201);
      expectErrorEnvelope(await patch(theirs.id, { active: false }), 404, 'NOT_FOUND');
      expect(expectSuccess(await stack.rest('GET', `/v2/webhooks/${theirs.id}`, { key: other.key }))).toEqual(theirs);
    });
    it('an id that does not exist → 404', async () => {
      expectErrorEnvelope(await patch(999999, { active: false }), 404, 'NOT_FOUND');
    });
  });

  describe('one webhook per owner and subscriberUrl: a second one → 409 CONFLICT', () => {
    it('create with a subscriberUrl the caller already has → 409, nothing created', async () => {
      const url = 'https://dup.example.com/hook';
      expectSuccess(await create(owner.key, { ...valid, subscriberUrl: url }), 201);
      const before = await listOf(owner.key);
      expectErrorEnvelope(await create(owner.key, { ...valid, subscriberUrl: url, triggers: ['BOOKING_PAID'] }), 409, 'CONFLICT', /subscriberUrl/);
      expect(await listOf(owner.key)).toEqual(before);
    });
    it('another user may use the same subscriberUrl', async () => {
      expectSuccess(await create(other.key, { ...valid, subscriberUrl: 'https://dup.example.com/hook' }), 201);
    });
    it('a 1,000-character subscriberUrl is stored, and repeating it → 409', async () => {
      const url = `https://long.example.com/${'x'.repeat(1000 - 'https://long.example.com/'.length)}`;
      expect(url.length).toBe(1000);
      expectSuccess(await create(owner.key, { ...valid, subscriberUrl: url }), 201);
      expectErrorEnvelope(await create(owner.key, { ...valid, subscriberUrl: url }), 409, 'CONFLICT');
    });
    it('PATCH to a subscriberUrl another of the caller’s webhooks has → 409, nothing changes', async () => {
      const a = expectSuccess(await create(owner.key, { ...valid, subscriberUrl: 'https://dup.example.com/a' }), 201);
      const b = expectSuccess(await create(owner.key, { ...valid, subscriberUrl: 'https://dup.example.com/b' }), 201);
      expectErrorEnvelope(await stack.rest('PATCH', `/v2/webhooks/${b.id}`, { key: owner.key, body: { subscriberUrl: a.subscriberUrl } }), 409, 'CONFLICT');
      expect(expectSuccess(await stack.rest('GET', `/v2/webhooks/${b.id}`, { key: owner.key }))).toEqual(b);
    });
    it('PATCH keeping its own subscriberUrl is not a conflict', async () => {
      const c = expectSuccess(await create(owner.key, { ...valid, subscriberUrl: 'https://dup.example.com/c' }), 201);
      expectSuccess(await stack.rest('PATCH', `/v2/webhooks/${c.id}`, { key: owner.key, body: { subscriberUrl: c.subscriberUrl, active: false } }));
    });
  });

  describe('DELETE /v2/webhooks/{webhookId}: answers the deleted webhook (200); anybody else’s → 404', () => {
    it('deletes and answers it; afterwards GET → 404', async () => {
      const hook = expectSuccess(await create(owner.key, { ...valid, subscriberUrl: 'https://delete.example.com/a' }), 201);
      const deleted = expectSuccess(await stack.rest('DELETE', `/v2/webhooks/${hook.id}`, { key: owner.key }));
      expect(deleted).toEqual(hook);
      expectReferenceShape(deleted, 'userId');
      expectErrorEnvelope(await stack.rest('GET', `/v2/webhooks/${hook.id}`, { key: owner.key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('DELETE', `/v2/webhooks/${hook.id}`, { key: owner.key }), 404, 'NOT_FOUND');
    });
    it('another user’s webhook → 404, and it stays', async () => {
      const theirs = expectSuccess(await create(other.key, { ...valid, subscriberUrl: 'https://delete.example.com/theirs' }), 201);
      expectErrorEnvelope(await stack.rest('DELETE', `/v2/webhooks/${theirs.id}`, { key: owner.key }), 404, 'NOT_FOUND');
      expect(expectSuccess(await stack.rest('GET', `/v2/webhooks/${theirs.id}`, { key: other.key }))).toEqual(theirs);
    });
  });
});

/** /v2/event-types/{eventTypeId}/webhooks: webhooks of one of the caller's personal event types (spec 5.3: EVENT_TYPE_READ / EVENT_TYPE_WRITE). */
describe('/v2/event-types/{eventTypeId}/webhooks', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof userWithKey>>;
  let other: Awaited<ReturnType<typeof userWithKey>>;
  let eventTypeId: number;
  let theirEventTypeId: number;
  let seq = 0;
  const body = (extra: Record<string, unknown> = {}) => ({ subscriberUrl: `https://et-hooks.example.com/${++seq}`, triggers: ['BOOKING_CREATED'], ...extra });
  const base = (id: number) => `/v2/event-types/${id}/webhooks`;

  beforeAll(async () => {
    stack = await startTestStack();
    [owner, other] = [await userWithKey(stack), await userWithKey(stack)];
    eventTypeId = expectSuccess(
      await stack.rest('POST', '/v2/event-types', { key: owner.key, body: { title: 'Hooked', slug: 'hooked', lengthInMinutes: 30 } }),
      201,
    ).id;
    theirEventTypeId = expectSuccess(
      await stack.rest('POST', '/v2/event-types', { key: other.key, body: { title: 'Theirs', slug: 'theirs', lengthInMinutes: 30 } }),
      201,
    ).id;
  });
  afterAll(() => stack.stop());

  const listOf = async (id = eventTypeId, key = owner.key) => {
    const response = await stack.rest('GET', base(id), { key });
    return { items: expectSuccess(response), pagination: response.body.pagination };
  };

  describe('POST creates a webhook of the event type (201), validated like POST /v2/webhooks', () => {
    it('answers 201 with the webhook, in the reference shape (eventTypeId set, userId null)', async () => {
      const created = expectSuccess(await stack.rest('POST', base(eventTypeId), { key: owner.key, body: body({ payloadTemplate: '{"t":"{{title}}"}' }) }), 201);
      expect(created).toMatchObject({ eventTypeId, userId: null, teamId: null, active: true, version: '2021-10-20' });
      expectReferenceShape(created, 'eventTypeId');
      expect((await listOf()).items).toContainEqual(created);
    });
    it('it is not one of the user’s own webhooks (GET /v2/webhooks)', async () => {
      const created = expectSuccess(await stack.rest('POST', base(eventTypeId), { key: owner.key, body: body() }), 201);
      expect(expectSuccess(await stack.rest('GET', '/v2/webhooks', { key: owner.key })).map((w: any) => w.id)).not.toContain(created.id);
    });
    it.each([
      [{ triggers: ['NOPE'] }, 'triggers'],
      [{ subscriberUrl: 'http://10.1.2.3/x' }, 'subscriberUrl'],
      [{ triggers: ['AFTER_HOSTS_SVC_VIDEO_NO_SHOW'] }, 'time'],
      [{ triggers: ['AFTER_HOSTS_SVC_VIDEO_NO_SHOW'], time: 3 }, 'timeUnit'],
      [{ version: '1999-01-01' }, 'version'],
    ])('%j → 400 naming %s, nothing created', async (extra, field) => {
      const before = await listOf();
      expectErrorEnvelope(await stack.rest('POST', base(eventTypeId), { key: owner.key, body: body(extra) }), 400, 'BAD_REQUEST', new RegExp(`\\b${field}\\b`));
      expect(await listOf()).toEqual(before);
    });
    it('the same subscriberUrl twice on the event type → 409; the same URL on the user’s own webhooks is another owner', async () => {
      const first = body();
      expectSuccess(await stack.rest('POST', base(eventTypeId), { key: owner.key, body: first }), 201);
      expectErrorEnvelope(await stack.rest('POST', base(eventTypeId), { key: owner.key, body: first }), 409, 'CONFLICT');
      expectSuccess(await stack.rest('POST', '/v2/webhooks', { key: owner.key, body: first }), 201);
    });
  });

  describe('another user’s event type, or one that does not exist → 404 (never 403), and nothing changes', () => {
    let theirs: any;
    beforeAll(async () => {
      theirs = expectSuccess(await stack.rest('POST', base(theirEventTypeId), { key: other.key, body: body() }), 201);
    });
    it.each([
      ['GET', ''],
      ['POST', ''],
      ['DELETE', ''],
      ['GET', '/w'],
      ['PATCH', '/w'],
      ['DELETE', '/w'],
    ])('%s %s', async (method, suffix) => {
      const path = `${base(theirEventTypeId)}${suffix.replace('/w', `/${theirs.id}`)}`;
      expectErrorEnvelope(
        await stack.rest(method, path, { key: owner.key, body: method === 'GET' || method === 'DELETE' ? undefined : body() }),
        404,
        'NOT_FOUND',
      );
      expectErrorEnvelope(await stack.rest('GET', `${base(999999)}`, { key: owner.key }), 404, 'NOT_FOUND');
      expect((await listOf(theirEventTypeId, other.key)).items).toEqual([theirs]);
    });
    it('a webhook of another event type (same owner) through this event type → 404', async () => {
      const second = expectSuccess(
        await stack.rest('POST', '/v2/event-types', { key: owner.key, body: { title: 'Second', slug: 'second-hooked', lengthInMinutes: 15 } }),
        201,
      ).id;
      const hook = expectSuccess(await stack.rest('POST', base(second), { key: owner.key, body: body() }), 201);
      expectErrorEnvelope(await stack.rest('GET', `${base(eventTypeId)}/${hook.id}`, { key: owner.key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('GET', `/v2/webhooks/${hook.id}`, { key: owner.key }), 404, 'NOT_FOUND');
    });
  });

  describe('GET one, PATCH (partial), DELETE one (answers it)', () => {
    it('get, update, delete', async () => {
      const hook = expectSuccess(await stack.rest('POST', base(eventTypeId), { key: owner.key, body: body() }), 201);
      expect(expectSuccess(await stack.rest('GET', `${base(eventTypeId)}/${hook.id}`, { key: owner.key }))).toEqual(hook);
      const updated = expectSuccess(
        await stack.rest('PATCH', `${base(eventTypeId)}/${hook.id}`, {
          key: owner.key,
          body: { active: false, triggers: ['AFTER_GUESTS_SVC_VIDEO_NO_SHOW'], time: 2, timeUnit: 'HOUR' },
        }),
      );
      expect(updated).toMatchObject({ id: hook.id, eventTypeId, active: false, time: 2, timeUnit: 'HOUR', subscriberUrl: hook.subscriberUrl });
      expectErrorEnvelope(await stack.rest('PATCH', `${base(eventTypeId)}/${hook.id}`, { key: owner.key, body: { time: 0 } }), 400, 'BAD_REQUEST', /\btime\b/);
      const deleted = expectSuccess(await stack.rest('DELETE', `${base(eventTypeId)}/${hook.id}`, { key: owner.key }));
      expect(deleted).toEqual(updated);
      expectErrorEnvelope(await stack.rest('GET', `${base(eventTypeId)}/${hook.id}`, { key: owner.key }), 404, 'NOT_FOUND');
    });
  });

  describe('GET lists with pagination (take/skip); DELETE deletes them all', () => {
    it('take=1 and skip, then delete all → data is a string, list empty', async () => {
      const et = expectSuccess(
        await stack.rest('POST', '/v2/event-types', { key: owner.key, body: { title: 'Paged', slug: 'paged-hooks', lengthInMinutes: 15 } }),
        201,
      ).id;
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) ids.push(expectSuccess(await stack.rest('POST', base(et), { key: owner.key, body: body() }), 201).id);
      const page = await stack.rest('GET', `${base(et)}?take=1&skip=1`, { key: owner.key });
      expect(expectSuccess(page).map((w: any) => w.id)).toEqual([ids[1]]);
      expect(page.body.pagination).toMatchObject({ totalItems: 3, currentPage: 2, totalPages: 3, hasNextPage: true });
      expectErrorEnvelope(await stack.rest('GET', `${base(et)}?take=0`, { key: owner.key }), 400, 'BAD_REQUEST', /take/);
      const others = await listOf();
      const deleted = expectSuccess(await stack.rest('DELETE', base(et), { key: owner.key }));
      expect(typeof deleted).toBe('string');
      expect(deleted).toMatch(/3/);
      expect((await listOf(et)).items).toEqual([]);
      expect(await listOf()).toEqual(others);
    });
  });
});

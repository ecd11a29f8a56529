import { expectErrorEnvelope, expectSuccess, userWithKey } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';

/**
 * GET, POST /v2/event-types and PATCH /v2/event-types/{id} (spec 2.19, 4.15, 7.1):
 * create with `title`, `slug`, `lengthInMinutes`, `locations`; `teamId` and `parentId` are immutable.
 */
describe('/v2/event-types', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof userWithKey>>;
  let other: Awaited<ReturnType<typeof userWithKey>>;
  let pager: Awaited<ReturnType<typeof userWithKey>>;

  beforeAll(async () => {
    stack = await startTestStack();
    [owner, other, pager] = [await userWithKey(stack), await userWithKey(stack), await userWithKey(stack)];
  });
  afterAll(() => stack.stop());

  async function listOf(key: string): Promise<{ items: any[]; total: number }> {
    const response = await stack.rest('GET', '/v2/event-types', { key });
    return { items: expectSuccess(response), total: response.body.pagination.totalItems };
  }

  /** The event type as GET /v2/event-types shows it to its owner. */
  async function shown(key: string, id: number): Promise<any> {
    return (await listOf(key)).items.find((e) => e.id === id);
  }

  const create = (key: string, body: unknown) => stack.rest('POST', '/v2/event-types', { key, body });

  describe('POST /v2/event-types creates with title, slug, lengthInMinutes, locations', () => {
    it('answers 201 with the created event type', async () => {
      const created = expectSuccess(
        await create(owner.key, { title: 'Intro call', slug: 'intro-call', lengthInMinutes: 30, locations: [{ type: 'link' }, { type: 'address' }] }),
        201,
      );
      expect(created).toMatchObject({
        title: 'Intro call',
        slug: 'intro-call',
        lengthInMinutes: 30,
        locations: [{ type: 'link' }, { type: 'address' }],
        hidden: false,
        ownerId: owner.user.id,
        teamId: null,
        parentId: null,
      });
      expect(typeof created.id).toBe('number');
      expect(await shown(owner.key, created.id)).toEqual(created);
    });

    it('locations are optional (an empty list)', async () => {
      const created = expectSuccess(await create(owner.key, { title: 'No place', slug: 'no-place', lengthInMinutes: 15 }), 201);
      expect(created.locations).toEqual([]);
    });

    it('unknown body properties are ignored (as the REST API always did)', async () => {
      const created = expectSuccess(
        await create(owner.key, {
          title: 'Extras',
          slug: 'extras',
          lengthInMinutes: 45,
          favouriteColour: '#ff0000',
          mood: [{ slug: 'x' }],
          locations: [{ type: 'phone', integration: 'zoom' }],
        }),
        201,
      );
      expect(created).toMatchObject({ title: 'Extras', lengthInMinutes: 45, locations: [{ type: 'phone' }] });
      expect(created).not.toHaveProperty('favouriteColour');
      expect(created).not.toHaveProperty('mood');
    });
  });

  describe('slug is unique per owner', () => {
    it('the same slug twice for one owner → 409 CONFLICT, and nothing is created', async () => {
      expectSuccess(await create(owner.key, { title: 'Demo', slug: 'demo', lengthInMinutes: 20 }), 201);
      const before = await listOf(owner.key);
      expectErrorEnvelope(await create(owner.key, { title: 'Demo again', slug: 'demo', lengthInMinutes: 25 }), 409, 'CONFLICT', /demo/);
      expect(await listOf(owner.key)).toEqual(before);
    });

    it('two users may use the same slug', async () => {
      const theirs = expectSuccess(await create(other.key, { title: 'Their demo', slug: 'demo', lengthInMinutes: 20 }), 201);
      expect(theirs).toMatchObject({ slug: 'demo', ownerId: other.user.id });
    });
  });

  describe('lengthInMinutes must be a whole number of minutes, at least 1', () => {
    it.each([
      ['"x"', 'x'],
      ['0', 0],
      ['-5', -5],
      ['2.5', 2.5],
      ['null', null],
      ['missing', undefined],
    ])('lengthInMinutes %s → 400 naming lengthInMinutes, and nothing is created', async (_label, lengthInMinutes) => {
      const before = await listOf(owner.key);
      const body: Record<string, unknown> = { title: 'Bad length', slug: 'bad-length' };
      if (lengthInMinutes !== undefined) body.lengthInMinutes = lengthInMinutes;
      expectErrorEnvelope(await create(owner.key, body), 400, 'BAD_REQUEST', /lengthInMinutes/);
      expect(await listOf(owner.key)).toEqual(before);
    });

    it.each([
      ['title', { slug: 'untitled', lengthInMinutes: 10 }],
      ['slug', { title: 'No slug', lengthInMinutes: 10 }],
      ['slug', { title: 'Bad slug', slug: 'Bad Slug', lengthInMinutes: 10 }],
      ['title', { title: '', slug: 'empty-title', lengthInMinutes: 10 }],
    ])('a missing or invalid %s → 400 naming it', async (field, body) => {
      const before = await listOf(owner.key);
      expectErrorEnvelope(await create(owner.key, body), 400, 'BAD_REQUEST', new RegExp(field));
      expect(await listOf(owner.key)).toEqual(before);
    });
  });

  describe('text must be valid Unicode (fuzz finding: a lone surrogate in locations was a 500 from jsonb)', () => {
    it.each([
      ['locations[0].type', { title: 'Lone', slug: 'lone', lengthInMinutes: 30, locations: [{ type: 'x\ud800' }] }],
      ['title', { title: '\udc00', slug: 'lone', lengthInMinutes: 30 }],
    ])('a lone UTF-16 surrogate in %s → 400 naming it, and nothing is created', async (field, body) => {
      const before = await listOf(owner.key);
      expectErrorEnvelope(await create(owner.key, body), 400, 'BAD_REQUEST', new RegExp(`^${field.replace(/[[\].]/g, '\\$&')}: must be valid Unicode`));
      expect(await listOf(owner.key)).toEqual(before);
    });

    it('a surrogate pair (an emoji) is a character like any other', async () => {
      expect(expectSuccess(await create(owner.key, { title: 'Coffee \ud83d\ude00', slug: 'emoji-title', lengthInMinutes: 30 }), 201).title).toBe('Coffee 😀');
    });
  });

  describe('a request body must be JSON', () => {
    it('invalid JSON → 400 BAD_REQUEST error envelope, and nothing is created', async () => {
      const before = await listOf(owner.key);
      expectErrorEnvelope(await stack.rest('POST', '/v2/event-types', { key: owner.key, body: '{"title": "Broken", "slug": ' }), 400, 'BAD_REQUEST', /JSON/);
      expect(await listOf(owner.key)).toEqual(before);
    });

    it('a JSON array instead of an object → 400', async () => {
      expectErrorEnvelope(
        await stack.rest('POST', '/v2/event-types', { key: owner.key, body: [{ title: 'A', slug: 'a', lengthInMinutes: 5 }] }),
        400,
        'BAD_REQUEST',
      );
    });

    it('no body at all → 400', async () => {
      expectErrorEnvelope(await stack.rest('POST', '/v2/event-types', { key: owner.key }), 400, 'BAD_REQUEST');
    });

    it('invalid JSON on PATCH → 400, and the event type is unchanged', async () => {
      const eventType = expectSuccess(await create(owner.key, { title: 'Json patch', slug: 'json-patch', lengthInMinutes: 30 }), 201);
      expectErrorEnvelope(await stack.rest('PATCH', `/v2/event-types/${eventType.id}`, { key: owner.key, body: '{"title": ' }), 400, 'BAD_REQUEST', /JSON/);
      expect(await shown(owner.key, eventType.id)).toEqual(eventType);
    });
  });

  describe('PATCH /v2/event-types/{id}: same structure as create', () => {
    let eventType: any;

    beforeAll(async () => {
      eventType = expectSuccess(
        await create(owner.key, { title: 'Original title', slug: 'patch-me', lengthInMinutes: 30, locations: [{ type: 'link' }] }),
        201,
      );
    });

    it('changes the title and leaves the other fields as they were', async () => {
      const updated = expectSuccess(await stack.rest('PATCH', `/v2/event-types/${eventType.id}`, { key: owner.key, body: { title: 'New title' } }));
      expect(updated).toMatchObject({ ...eventType, title: 'New title', updatedAt: expect.any(String) });
      expect(await shown(owner.key, eventType.id)).toMatchObject({ title: 'New title', slug: 'patch-me', lengthInMinutes: 30, locations: [{ type: 'link' }] });
      eventType = updated;
    });

    it('changes lengthInMinutes and locations', async () => {
      const updated = expectSuccess(
        await stack.rest('PATCH', `/v2/event-types/${eventType.id}`, { key: owner.key, body: { lengthInMinutes: 60, locations: [{ type: 'phone' }] } }),
      );
      expect(updated).toMatchObject({ title: 'New title', lengthInMinutes: 60, locations: [{ type: 'phone' }] });
      eventType = updated;
    });

    it('unknown body properties are ignored', async () => {
      const updated = expectSuccess(
        await stack.rest('PATCH', `/v2/event-types/${eventType.id}`, { key: owner.key, body: { title: 'Ignoring extras', favouriteColour: 'blue' } }),
      );
      expect(updated.title).toBe('Ignoring extras');
      expect(updated).not.toHaveProperty('favouriteColour');
      eventType = updated;
    });

    it.each([
      ['teamId', { teamId: 12345 }],
      ['teamId', { title: 'Sneaky', teamId: 1 }],
      ['parentId', { parentId: 777 }],
      ['parentId', { title: 'Sneaky', lengthInMinutes: 90, parentId: 1 }],
    ])('an attempt to change %s is rejected: 400 naming the field, and the event type is unchanged', async (field, body) => {
      const response = await stack.rest('PATCH', `/v2/event-types/${eventType.id}`, { key: owner.key, body });
      expectErrorEnvelope(response, 400, 'BAD_REQUEST', new RegExp(`\\b${field}\\b`));
      const after = await shown(owner.key, eventType.id);
      expect(after).toEqual(eventType);
      expect(after).toMatchObject({ teamId: null, parentId: null });
    });

    it('repeating the current teamId and parentId (null) is not a change and is accepted', async () => {
      const updated = expectSuccess(
        await stack.rest('PATCH', `/v2/event-types/${eventType.id}`, { key: owner.key, body: { title: 'Same owner', teamId: null, parentId: null } }),
      );
      expect(updated).toMatchObject({ title: 'Same owner', teamId: null, parentId: null });
      eventType = updated;
    });

    it.each([
      ['"x"', 'x'],
      ['0', 0],
    ])('lengthInMinutes %s → 400 naming lengthInMinutes, and the event type is unchanged', async (_label, lengthInMinutes) => {
      expectErrorEnvelope(
        await stack.rest('PATCH', `/v2/event-types/${eventType.id}`, { key: owner.key, body: { title: 'Nope', lengthInMinutes } }),
        400,
        'BAD_REQUEST',
        /lengthInMinutes/,
      );
      expect(await shown(owner.key, eventType.id)).toEqual(eventType);
    });

    it('a slug another of the owner’s event types has → 409, and the event type is unchanged', async () => {
      expectErrorEnvelope(await stack.rest('PATCH', `/v2/event-types/${eventType.id}`, { key: owner.key, body: { slug: 'intro-call' } }), 409, 'CONFLICT');
      expect(await shown(owner.key, eventType.id)).toEqual(eventType);
    });

    it('another user’s event type → 404 NOT_FOUND, and it is unchanged', async () => {
      expectErrorEnvelope(await stack.rest('PATCH', `/v2/event-types/${eventType.id}`, { key: other.key, body: { title: 'Hijacked' } }), 404, 'NOT_FOUND');
      expect(await shown(owner.key, eventType.id)).toEqual(eventType);
    });

    it('an unknown id → 404 NOT_FOUND', async () => {
      expectErrorEnvelope(await stack.rest('PATCH', '/v2/event-types/999999', { key: owner.key, body: { title: 'Ghost' } }), 404, 'NOT_FOUND');
    });

    it('a non-numeric id → 400 naming eventTypeId', async () => {
      expectErrorEnvelope(await stack.rest('PATCH', '/v2/event-types/abc', { key: owner.key, body: { title: 'Ghost' } }), 400, 'BAD_REQUEST', /eventTypeId/);
    });

    it('without a credential → 401, and the event type is unchanged', async () => {
      expectErrorEnvelope(await stack.rest('PATCH', `/v2/event-types/${eventType.id}`, { body: { title: 'Anonymous' } }), 401, 'UNAUTHORIZED');
      expect(await shown(owner.key, eventType.id)).toEqual(eventType);
    });
  });

  describe('GET /v2/event-types: the caller’s event types; the list has pagination', () => {
    let ids: number[];

    beforeAll(async () => {
      ids = [];
      for (const slug of ['one', 'two', 'three']) ids.push(expectSuccess(await create(pager.key, { title: slug, slug, lengthInMinutes: 10 }), 201).id);
    });

    it('lists only the caller’s own event types', async () => {
      const response = await stack.rest('GET', '/v2/event-types', { key: pager.key });
      expect(expectSuccess(response).map((e: any) => e.id)).toEqual(ids);
      expect(response.body.pagination).toMatchObject({ totalItems: 3, currentPage: 1, totalPages: 1, hasNextPage: false });
    });

    it('take=2 → two items, hasNextPage true', async () => {
      const response = await stack.rest('GET', '/v2/event-types?take=2', { key: pager.key });
      expect(expectSuccess(response).map((e: any) => e.id)).toEqual(ids.slice(0, 2));
      expect(response.body.pagination).toMatchObject({ totalItems: 3, currentPage: 1, totalPages: 2, hasNextPage: true });
    });

    it('take=2&skip=2 → the last item', async () => {
      const response = await stack.rest('GET', '/v2/event-types?take=2&skip=2', { key: pager.key });
      expect(expectSuccess(response).map((e: any) => e.id)).toEqual(ids.slice(2));
      expect(response.body.pagination).toMatchObject({ totalItems: 3, currentPage: 2, totalPages: 2, hasNextPage: false });
    });

    it('take=1&skip=1 → the middle item, page 2 of 3', async () => {
      const response = await stack.rest('GET', '/v2/event-types?take=1&skip=1', { key: pager.key });
      expect(expectSuccess(response).map((e: any) => e.id)).toEqual([ids[1]]);
      expect(response.body.pagination).toMatchObject({ totalItems: 3, currentPage: 2, totalPages: 3, hasNextPage: true });
    });

    it('skip=5 (past the last item) → no items, still 3 in all', async () => {
      const response = await stack.rest('GET', '/v2/event-types?take=2&skip=5', { key: pager.key });
      expect(expectSuccess(response)).toEqual([]);
      expect(response.body.pagination).toMatchObject({ totalItems: 3, returnedItems: 0, hasNextPage: false });
    });

    it.each([
      ['take=0', /take/],
      ['take=251', /take/],
      ['take=x', /take/],
      ['skip=-1', /skip/],
    ])('%s → 400 naming the parameter', async (query, field) => {
      expectErrorEnvelope(await stack.rest('GET', `/v2/event-types?${query}`, { key: pager.key }), 400, 'BAD_REQUEST', field);
    });

    it('without a credential → 401', async () => {
      expectErrorEnvelope(await stack.rest('GET', '/v2/event-types'), 401, 'UNAUTHORIZED');
    });
  });

  describe('GET /v2/event-types/{eventTypeId}: one of the caller’s event types', () => {
    it('answers the event type as the list shows it, with its booking fields', async () => {
      const created = expectSuccess(await create(owner.key, { title: 'Get me', slug: 'get-me', lengthInMinutes: 25 }), 201);
      const got = expectSuccess(await stack.rest('GET', `/v2/event-types/${created.id}`, { key: owner.key }));
      expect(got).toEqual(created);
      expect(got).toEqual(await shown(owner.key, created.id));
      expect(got.bookingFields.filter((f: any) => f.required && !f.hidden).map((f: any) => f.slug)).toEqual(['name', 'email']);
    });

    it('another user’s event type → 404, an unknown one → 404, a non-numeric id → 400 naming eventTypeId', async () => {
      const theirs = expectSuccess(await create(other.key, { title: 'Theirs', slug: 'theirs', lengthInMinutes: 25 }), 201);
      expectErrorEnvelope(await stack.rest('GET', `/v2/event-types/${theirs.id}`, { key: owner.key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('GET', '/v2/event-types/999999', { key: owner.key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('GET', '/v2/event-types/abc', { key: owner.key }), 400, 'BAD_REQUEST', /eventTypeId/);
    });

    it('without a credential → 401', async () => {
      expectErrorEnvelope(await stack.rest('GET', '/v2/event-types/1'), 401, 'UNAUTHORIZED');
    });
  });

  describe('DELETE /v2/event-types/{eventTypeId}: answers the deleted event type', () => {
    it('the owner → 200 with the event type as it was; it is gone from the list and from GET (404)', async () => {
      const created = expectSuccess(
        await create(owner.key, { title: 'Delete me', slug: 'delete-me', lengthInMinutes: 20, locations: [{ type: 'link' }] }),
        201,
      );
      const deleted = expectSuccess(await stack.rest('DELETE', `/v2/event-types/${created.id}`, { key: owner.key }));
      expect(deleted).toEqual(created);
      expect(await shown(owner.key, created.id)).toBeUndefined();
      expectErrorEnvelope(await stack.rest('GET', `/v2/event-types/${created.id}`, { key: owner.key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('DELETE', `/v2/event-types/${created.id}`, { key: owner.key }), 404, 'NOT_FOUND');
    });

    it('another user’s event type → 404, and it stays', async () => {
      const theirs = expectSuccess(await create(other.key, { title: 'Keep me', slug: 'keep-me', lengthInMinutes: 20 }), 201);
      expectErrorEnvelope(await stack.rest('DELETE', `/v2/event-types/${theirs.id}`, { key: owner.key }), 404, 'NOT_FOUND');
      expect(await shown(other.key, theirs.id)).toEqual(theirs);
    });

    it('without a credential → 401, and it stays', async () => {
      const created = expectSuccess(await create(owner.key, { title: 'Stay', slug: 'stay', lengthInMinutes: 20 }), 201);
      expectErrorEnvelope(await stack.rest('DELETE', `/v2/event-types/${created.id}`), 401, 'UNAUTHORIZED');
      expect(await shown(owner.key, created.id)).toEqual(created);
    });
  });
});

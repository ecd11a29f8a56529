import { expectSuccess } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';
import { Person, person } from './people';

const VERSION = { 'svc-api-version': '2024-06-11' };
const WORK = { name: 'schedules-2024-06-11-work', timeZone: 'Europe/Rome', isDefault: true };
/** What a schedule created without `availability` gets: Monday to Friday, 09:00–17:00. */
const DEFAULT_AVAILABILITY = [{ days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], startTime: '09:00', endTime: '17:00' }];

/**
 * Conformance: schedules (svc-api-version 2024-06-11), me and API keys, replayed from the real service's public
 * e2e specs (apps/api/v2/src/ee/schedules/schedules_2024_06_11/controllers/schedules.controller.e2e-spec.ts,
 * apps/api/v2/src/ee/me/me.controller.e2e-spec.ts, apps/api/v2/src/modules/api-keys/controllers/
 * api-keys.controller.e2e-spec.ts), cases named beside each. Their users are made with our operator tool.
 */
describe('conformance: schedules, me, API keys', () => {
  let stack: TestStack;
  let scheduleUser: Person;
  let meUser: Person;
  let keyUser: Person;

  beforeAll(async () => {
    stack = await startTestStack();
    [scheduleUser, meUser, keyUser] = await Promise.all(['schedules-user', 'me-user', 'api-keys-user'].map((label) => person(stack, label)));
  });
  afterAll(() => stack.stop());

  describe('schedules.controller.e2e-spec.ts (Schedules Endpoints, 2024-06-11)', () => {
    let created: any;
    const rest = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: Record<string, unknown>) =>
      stack.rest(method, path, { key: scheduleUser.key, body, headers: VERSION });

    it('"should create a default schedule": 201, the default availability, no overrides; the owner\'s default schedule', async () => {
      created = expectSuccess(await rest('POST', '/v2/schedules', WORK), 201);
      expect(created).toMatchObject({ ...WORK, availability: DEFAULT_AVAILABILITY, overrides: [] });
      expect(expectSuccess(await stack.rest('GET', '/v2/me', { key: scheduleUser.key })).defaultScheduleId).toBe(created.id);
    });

    it('"should get default schedule"', async () => {
      expect(expectSuccess(await rest('GET', '/v2/schedules/default'))).toMatchObject({ ...WORK, availability: DEFAULT_AVAILABILITY, overrides: [] });
    });

    it('"should get schedules": the one schedule', async () => {
      const data = expectSuccess(await rest('GET', '/v2/schedules'));
      expect(data[0]).toMatchObject({ ...WORK, availability: DEFAULT_AVAILABILITY, overrides: [] });
    });

    it('"should update schedule name"', async () => {
      const data = expectSuccess(await rest('PATCH', `/v2/schedules/${created.id}`, { name: 'updated-schedule-name' }));
      expect(data).toMatchObject({ ...WORK, name: 'updated-schedule-name', availability: DEFAULT_AVAILABILITY, overrides: [] });
    });

    it('"should add overrides"', async () => {
      const overrides = [{ date: '2026-05-05', startTime: '10:00', endTime: '12:00' }];
      const data = expectSuccess(await rest('PATCH', `/v2/schedules/${created.id}`, { overrides }));
      expect(data).toMatchObject({ name: 'updated-schedule-name', availability: DEFAULT_AVAILABILITY });
      expect(JSON.stringify(data.overrides)).toBe(JSON.stringify(overrides));
    });

    it('"should empty availabilities and overrides"', async () => {
      const data = expectSuccess(await rest('PATCH', `/v2/schedules/${created.id}`, { availability: [], overrides: [] }));
      expect(data).toMatchObject({ name: 'updated-schedule-name', isDefault: true, availability: [], overrides: [] });
    });

    it('"should delete schedule": 200', async () => {
      expect((await rest('DELETE', `/v2/schedules/${created.id}`)).status).toBe(200);
    });
  });

  describe('me.controller.e2e-spec.ts (Me Endpoints)', () => {
    let me: any;

    it('"should get user associated with access token"', async () => {
      me = expectSuccess(await stack.rest('GET', '/v2/me', { key: meUser.key }));
      expect(me).toMatchObject({ id: meUser.id, email: meUser.email, timeZone: 'Europe/London' });
      for (const field of ['timeFormat', 'defaultScheduleId', 'weekStart']) expect(me).toHaveProperty(field);
    });

    it('"should update user associated with access token": the time zone, and their default schedule\'s with it', async () => {
      const schedule = expectSuccess(
        await stack.rest('POST', '/v2/schedules', { key: meUser.key, body: { name: 'Hours', timeZone: 'Europe/London', isDefault: true } }),
        201,
      );
      const data = expectSuccess(await stack.rest('PATCH', '/v2/me', { key: meUser.key, body: { timeZone: 'Europe/Rome' } }));
      expect(data).toMatchObject({
        id: meUser.id,
        email: meUser.email,
        timeFormat: me.timeFormat,
        weekStart: me.weekStart,
        defaultScheduleId: schedule.id,
        timeZone: 'Europe/Rome',
      });
      expect(expectSuccess(await stack.rest('GET', `/v2/schedules/${schedule.id}`, { key: meUser.key })).timeZone).toBe('Europe/Rome');
    });

    it.each([
      ['timezone', { timeZone: 'Narnia/Woods' }],
      ['time format', { timeFormat: 100 }],
      ['week start', { weekStart: 'waba luba dub dub' }],
    ])('"should not update user associated with access token given invalid %s": 400', async (_name, body) => {
      const response = await stack.rest('PATCH', '/v2/me', { key: meUser.key, body });
      expect(response.status).toBe(400);
      expect(response.body.status).toBe('error');
    });
  });

  describe('api-keys.controller.e2e-spec.ts (ApiKeysController)', () => {
    it('"should return 401 without auth header"', async () => {
      expect((await stack.rest('POST', '/v2/api-keys/refresh', { body: {} })).status).toBe(401);
    });

    it('"should refresh an api key with valid credentials": 200 with data.apiKey (svc_ here for cal_), which works; the old one does not', async () => {
      const data = expectSuccess(await stack.rest('POST', '/v2/api-keys/refresh', { key: keyUser.key, body: {} }));
      expect(data.apiKey).toMatch(/^svc_/);
      expect((await stack.rest('GET', '/v2/me', { key: data.apiKey })).status).toBe(200);
      expect((await stack.rest('GET', '/v2/me', { key: keyUser.key })).status).toBe(401);
    });
  });
});

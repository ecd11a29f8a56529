import { randomBytes } from 'node:crypto';
import { MembershipRole } from '../../subgraphs/organizations/team/membership.entity';
import { Operator } from '../../stack/operator';
import { TestStack } from './stack';

export { MembershipRole };

export function operatorOf(stack: TestStack): Operator {
  return new Operator(stack.db);
}

/** A new user with an API key; names are unique per call. */
export async function userWithKey(stack: TestStack, overrides: { name?: string; timeZone?: string } = {}) {
  const tag = randomBytes(4).toString('hex');
  const operator = operatorOf(stack);
  const user = await operator.createUser({
    email: `user-${tag}@example.com`,
    name: overrides.name ?? `User ${tag}`,
    timeZone: overrides.timeZone ?? 'Europe/London',
    password: 'correct horse battery',
  });
  const { key } = await operator.createApiKey(user.id);
  return { user, key };
}

/** A REST answer is the spec 7.1 error envelope, and nothing else: `{status: 'error', error: {code, message}}`. */
export function expectErrorEnvelope(response: { status: number; body: any }, status: number, code: string, message?: string | RegExp): void {
  expect({ status: response.status, body: response.body }).toEqual({
    status,
    body: { status: 'error', error: { code, message: expect.any(String) } },
  });
  if (message !== undefined) expect(response.body.error.message).toMatch(message);
}

/** A REST answer is the spec 2.1 success envelope with this HTTP status; answers its `data`. */
export function expectSuccess(response: { status: number; body: any }, status = 200): any {
  if (response.status !== status) throw new Error(`expected HTTP ${status}, got ${response.status}: ${JSON.stringify(response.body)}`);
  expect(response.body.status).toBe('success');
  expect(response.body).not.toHaveProperty('error');
  expect(response.body).toHaveProperty('data');
  return response.body.data;
}

import { randomBytes } from 'node:crypto';
import { MembershipRole } from '../../subgraphs/organizations/team/membership.entity';
import { Operator } from '../../stack/operator';
import { hashPassword } from '../../subgraphs/organizations/user/password';
import { TestStack } from './stack';

export { MembershipRole };

export function operatorOf(stack: TestStack): Operator {
  return new Operator(stack.db);
}

/** The password the fixtures give every user (test/support/oauth.ts signs in with it). */
export const FIXTURE_PASSWORD = 'correct horse battery';
let fixturePasswordHash: Promise<string> | undefined;

/**
 * A user the operator made without a password, then given FIXTURE_PASSWORD as the product stores it (its own
 * `hashPassword`: scrypt, a slow KDF by design). The hash is made once per test process and shared by every
 * fixture user: one scrypt costs 0.1–0.3 s of CPU, and the suite makes hundreds of users who never sign in.
 * Signing in still verifies the password with scrypt, as for any user.
 */
export async function withFixturePassword<T extends { id: number }>(stack: TestStack, user: T): Promise<T> {
  fixturePasswordHash ??= hashPassword(FIXTURE_PASSWORD);
  await stack.db('organizations').query('UPDATE users SET password_hash = $1 WHERE id = $2', [await fixturePasswordHash, user.id]);
  return user;
}

/** A new user with an API key and FIXTURE_PASSWORD; names are unique per call. */
export async function userWithKey(stack: TestStack, overrides: { name?: string; timeZone?: string } = {}) {
  const tag = randomBytes(4).toString('hex');
  const operator = operatorOf(stack);
  const user = await withFixturePassword(
    stack,
    await operator.createUser({
      email: `user-${tag}@example.com`,
      name: overrides.name ?? `User ${tag}`,
      timeZone: overrides.timeZone ?? 'Europe/London',
    }),
  );
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

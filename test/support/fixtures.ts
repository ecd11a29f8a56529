import { randomBytes } from 'node:crypto';
import { MembershipRole } from '../../subgraphs/organizations/membership/membership.entity';
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

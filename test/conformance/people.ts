import { randomBytes } from 'node:crypto';
import { expectSuccess, operatorOf, withFixturePassword } from '../support/fixtures';
import { TestStack } from '../support/stack';

/** A person of a replayed spec: the account, its API key, and the profile the spec's fixture gave it. */
export interface Person {
  id: number;
  email: string;
  username: string;
  key: string;
  bio: string | null;
  metadata: Record<string, unknown>;
}

/**
 * A user made the way the real specs' fixtures make theirs: an account with a unique e-mail and username
 * (the operator's own tool, as the admin CLI does) and an API key; `bio` and `metadata` are then set through
 * PATCH /v2/me. Call it before any membership of the person is made by the operator: a request caches the
 * caller's memberships.
 */
export async function person(stack: TestStack, label: string, profile: { bio?: string; metadata?: Record<string, unknown> } = {}): Promise<Person> {
  const tag = randomBytes(4).toString('hex');
  const email = `${label}-${tag}@example.com`;
  const username = `${label}-${tag}`;
  const operator = operatorOf(stack);
  const user = await withFixturePassword(stack, await operator.createUser({ email, username, name: label, timeZone: 'Europe/London' }));
  const { key } = await operator.createApiKey(user.id);
  return { id: user.id, email, username, key, bio: profile.bio ?? null, metadata: profile.metadata ?? {} };
}

/** Gives the person the bio and metadata of their fixture (PATCH /v2/me); call it once their memberships are made. */
export async function applyProfile(stack: TestStack, who: Person): Promise<void> {
  if (who.bio === null && Object.keys(who.metadata).length === 0) return;
  expectSuccess(await stack.rest('PATCH', '/v2/me', { key: who.key, body: { bio: who.bio, metadata: who.metadata } }));
}

/** The `user` object the real service answers inside a membership, for this person. */
export function memberUser(who: Person) {
  return expect.objectContaining({ email: who.email, username: who.username, bio: who.bio, metadata: who.metadata });
}

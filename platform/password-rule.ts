/**
 * The product's one password rule, wherever a password is chosen (an account made with one by the operator, the
 * sign-up link of an account an organization made): at least 8 characters, at most 1,000 (what the sign-in form
 * takes). The set-password page checks it before sending; the organizations service, which stores passwords, again.
 */
export const PASSWORD_LENGTH = { min: 8, max: 1_000 } as const;

/** What is wrong with a password ("must be at least 8 characters"), or null. */
export function passwordProblem(password: unknown): string | null {
  if (typeof password !== 'string' || password.length < PASSWORD_LENGTH.min) return `must be at least ${PASSWORD_LENGTH.min} characters`;
  if (password.length > PASSWORD_LENGTH.max) return `must be at most ${PASSWORD_LENGTH.max.toLocaleString('en')} characters`;
  return null;
}

import { Mail } from '../../../platform/mailer';
import { publicPageUrl } from '../../../platform/public-pages';

/** The page where the person of a sign-up link chooses a password (served by the oauth subgraph under /auth). */
export const SET_PASSWORD_PAGE_PATH = '/auth/set-password';

/** What the sign-up e-mail says: to whom, which organization, who made the account. */
export interface SignUpMailFacts {
  email: string;
  name: string;
  organizationId: number;
  organizationName: string;
  /** The admin who made the account; null when it is gone, or the account was made with the organization's client credentials. */
  inviter: { name: string; email: string } | null;
}

/**
 * The e-mail to a person an organization made an account for (the reference's "sign-up to organization" e-mail,
 * with the organization's name and id and the inviter): a one-time link to choose a password, then sign in.
 */
export function signUpMail(facts: SignUpMailFacts, token: string, expiresAt: Date): Mail {
  const who = facts.inviter ? `${facts.inviter.name} (${facts.inviter.email})` : `An administrator of ${facts.organizationName}`;
  const link = `${publicPageUrl(SET_PASSWORD_PAGE_PATH)}?token=${encodeURIComponent(token)}`;
  return {
    to: facts.email,
    subject: `${facts.inviter?.name ?? facts.organizationName} invited you to join the organization "${facts.organizationName}"`,
    text: [
      `Hello ${facts.name},`,
      '',
      `${who} made you an account in the organization "${facts.organizationName}" (organization id ${facts.organizationId}) with this e-mail address.`,
      '',
      'Choose your password here:',
      link,
      '',
      `The link works once and until ${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC. Then sign in at ${publicPageUrl('/auth/login')} with ${facts.email}.`,
      'If you did not expect this e-mail, ignore it: without the link nobody can choose a password for this account.',
      '',
    ].join('\n'),
  };
}

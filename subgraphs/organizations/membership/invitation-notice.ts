import { Mail, mailerFromEnvironment } from '../../../platform/mailer';
import { Team } from '../team/team.entity';
import { User } from '../user/user.entity';
import { publicPageUrl } from '../../../platform/public-pages';

/** The page where a signed-in person answers their invitations (served by the oauth subgraph under /auth). */
export const INVITATIONS_PAGE_PATH = '/auth/invitations';

/** The e-mail that asks a person to accept or decline a membership someone else gave them. */
export function invitationMail(invitee: User, team: Team, role: string, inviter: User | null): Mail {
  const kind = team.isOrganization ? 'organization' : 'team';
  const who = inviter ? `${inviter.name} (${inviter.email})` : 'An administrator';
  return {
    to: invitee.email,
    subject: `You are invited to the ${kind} "${team.name}"`,
    text: [
      `Hello ${invitee.name},`,
      '',
      `${who} invited you to the ${kind} "${team.name}" as ${role}.`,
      `Until you accept, the ${kind} sees none of your schedules, time off, busy times or bookings.`,
      '',
      `Accept or decline: ${publicPageUrl(INVITATIONS_PAGE_PATH)}`,
      `(or with your own API key: POST /v2/me/memberships/{membershipId}/accept or /decline; /v2/me lists your memberships).`,
      '',
    ].join('\n'),
  };
}

/**
 * Sends the invitation without holding up the answer: the membership is stored either way, and the
 * person also finds it on the invitations page and in /v2/me. A failed e-mail is logged.
 */
export function sendInvitation(invitee: User | null, team: Team, role: string, inviter: User | null): void {
  if (!invitee) return;
  mailerFromEnvironment()
    .send(invitationMail(invitee, team, role, inviter))
    .catch((error: Error) =>
      console.error(`[organizations] invitation of user ${invitee.id} to team ${team.id}: the e-mail could not be sent: ${error.message}`),
    );
}

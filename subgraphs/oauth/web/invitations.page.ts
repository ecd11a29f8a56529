import { Request, Response } from 'express';
import { SubgraphRuntime } from '../../../platform/server';
import { Invitation, InvitationDirectory } from '../directory/invitation-directory';
import { Browser, csrfMatches } from './browser';
import { html } from './html';
import { csrfField, Notice } from './layout';
import { formExpired, requireUser, sendPage } from './respond';

export const INVITATIONS_PAGE = '/auth/invitations';

type SignedIn = Browser & { user: NonNullable<Browser['user']> };

const kindOf = (invitation: Invitation) => (invitation.team.isOrganization ? 'organization' : 'team');

function invitationCard(invitation: Invitation, browser: SignedIn) {
  return html`<div class="card invitation">
  <p><strong>${invitation.team.name}</strong> (${kindOf(invitation)}) invites you as ${invitation.role}.</p>
  <form method="post" action="${INVITATIONS_PAGE}/${String(invitation.id)}" class="actions">
    ${csrfField(browser.csrf)}
    <button type="submit" name="decision" value="accept">Accept</button>
    <button type="submit" name="decision" value="decline" class="danger">Decline</button>
  </form>
</div>`;
}

async function invitationsPage(res: Response, browser: SignedIn, runtime: SubgraphRuntime, status = 200, notice?: Notice): Promise<void> {
  const invitations = await new InvitationDirectory(runtime.graph.forRequest(res.req.id)).pendingFor(browser.user.id);
  sendPage(res, status, browser, {
    title: 'Invitations',
    notice,
    body: html`<p class="hint">A team or organization sees your schedules, time off, busy times and bookings only once you accept.</p>
${invitations.length ? invitations.map((i) => invitationCard(i, browser)) : html`<p class="empty">No invitation waits for your answer.</p>`}`,
  });
}

/** GET /auth/invitations: the signed-in person's memberships that wait for their answer (consent, issue 21). */
export async function showInvitations(req: Request, res: Response, browser: Browser, runtime: SubgraphRuntime): Promise<void> {
  if (!requireUser(req, res, browser)) return;
  await invitationsPage(res, browser, runtime);
}

/** POST /auth/invitations/:membershipId with decision=accept|decline: answers one of the person's own invitations. */
export async function answerInvitation(req: Request, res: Response, browser: Browser, runtime: SubgraphRuntime): Promise<void> {
  if (!requireUser(req, res, browser, INVITATIONS_PAGE)) return;
  if (!csrfMatches(browser.sessionSecret ?? undefined, req.body?.csrf)) return formExpired(res, browser);
  const decision = req.body?.decision;
  const membershipId = Number(req.params.membershipId);
  if ((decision !== 'accept' && decision !== 'decline') || !Number.isSafeInteger(membershipId) || membershipId <= 0) {
    return invitationsPage(res, browser, runtime, 400, { kind: 'error', text: 'Choose Accept or Decline on one of the invitations below.' });
  }
  const answered = await new InvitationDirectory(runtime.graph.forRequest(req.id)).answer(browser.user.id, membershipId, decision === 'accept');
  if (!answered) return invitationsPage(res, browser, runtime, 404, { kind: 'error', text: 'That invitation is not (or no longer) waiting for your answer.' });
  const text = decision === 'accept' ? `You joined ${answered.team.name}.` : `You declined the invitation to ${answered.team.name}.`;
  await invitationsPage(res, browser, runtime, 200, { kind: 'success', text });
}

import { Request, Response } from 'express';
import { GraphQLError } from 'graphql';
import { SubgraphRuntime } from '../../../platform/server';
import { UserDirectory } from '../directory/user-directory';
import { mailerFromEnvironment } from '../../../platform/mailer';
import { OAuthClientDecision, OAuthClientReviewService } from '../oauth-client/oauth-client-review.service';
import { notifyOwner } from '../oauth-client/review-notice';
import { Browser, csrfMatches } from './browser';
import { clientCard } from './developer-settings.page';
import { html } from './html';
import { csrfField, Notice } from './layout';
import { formExpired, requireUser, sendPage } from './respond';

const REVIEW_PAGE = '/auth/admin/oauth-clients';

type SignedIn = Browser & { user: NonNullable<Browser['user']> };

/** Only service admins review clients (spec 3); anybody else signed in sees a 403 page. */
function requireServiceAdmin(req: Request, res: Response, browser: Browser, back?: string): browser is SignedIn {
  if (!requireUser(req, res, browser, back)) return false;
  if (browser.user!.isServiceAdmin) return true;
  sendPage(res, 403, browser, { title: 'OAuth client review', body: html``, notice: { kind: 'error', text: 'Only service admins review OAuth clients.' } });
  return false;
}

async function reviewPage(res: Response, browser: SignedIn, runtime: SubgraphRuntime, status = 200, notice?: Notice): Promise<void> {
  const reviews = new OAuthClientReviewService(runtime.db);
  const [pending, reviewed] = await Promise.all([reviews.listPending(), reviews.listReviewed()]);
  const owners = await new UserDirectory(runtime.graph.forRequest(res.req.id)).byIds([...pending, ...reviewed].map((c) => c.ownerId));
  const ownerOf = (id: number) => (owners.get(id) ? html`${owners.get(id)!.name} &lt;${owners.get(id)!.email}&gt;` : html`user ${id}`);
  sendPage(res, status, browser, {
    title: 'OAuth client review',
    notice,
    body: html`<h2>Pending (${pending.length})</h2>
${
  pending.length
    ? pending.map((client) =>
        clientCard(
          client,
          html`<p class="hint">Registered by ${ownerOf(client.ownerId)}</p>
  <form method="post" action="${REVIEW_PAGE}/${encodeURIComponent(client.id)}/review" class="actions">
    ${csrfField(browser.csrf)}
    <button type="submit" name="decision" value="approve">Approve</button>
    <button type="submit" name="decision" value="reject" class="danger">Reject</button>
  </form>`,
        ),
      )
    : html`<p class="empty">No OAuth client is waiting for review.</p>`
}
<h2>Recently reviewed</h2>
${reviewed.length ? reviewed.map((client) => clientCard(client, html`<p class="hint">Registered by ${ownerOf(client.ownerId)}</p>`)) : html`<p class="empty">None yet.</p>`}`,
  });
}

/** GET /auth/admin/oauth-clients: the clients waiting for review. */
export async function showReview(req: Request, res: Response, browser: Browser, runtime: SubgraphRuntime): Promise<void> {
  if (!requireServiceAdmin(req, res, browser)) return;
  const reviewed = typeof req.query.reviewed === 'string' ? req.query.reviewed : null;
  const outcome = req.query.decision === 'approve' ? 'approved' : 'rejected';
  const notice: Notice | undefined = reviewed
    ? {
        kind: 'success',
        text: `OAuth client ${reviewed} ${outcome}. ${req.query.notified === '1' ? 'Its owner was notified by e-mail.' : 'Its owner could not be notified by e-mail (see the log).'}`,
      }
    : undefined;
  await reviewPage(res, browser, runtime, 200, notice);
}

/** POST /auth/admin/oauth-clients/:clientId/review: approve or reject, then e-mail the owner. */
export async function reviewClient(req: Request, res: Response, browser: Browser, runtime: SubgraphRuntime): Promise<void> {
  if (!requireServiceAdmin(req, res, browser, REVIEW_PAGE)) return;
  if (!csrfMatches(browser.sessionSecret ?? undefined, req.body?.csrf)) return formExpired(res, browser);
  const decision = req.body?.decision === 'approve' ? OAuthClientDecision.APPROVE : req.body?.decision === 'reject' ? OAuthClientDecision.REJECT : null;
  if (!decision) return reviewPage(res, browser, runtime, 400, { kind: 'error', text: 'Choose Approve or Reject.' });
  const clientId = String(req.params.clientId);
  try {
    const client = await new OAuthClientReviewService(runtime.db).review(clientId, decision, browser.user.id);
    const directory = new UserDirectory(runtime.graph.forRequest(req.id));
    const notified = await notifyOwner(client, (id) => directory.byId(id), mailerFromEnvironment());
    const query = new URLSearchParams({
      reviewed: client.id,
      decision: decision === OAuthClientDecision.APPROVE ? 'approve' : 'reject',
      notified: notified ? '1' : '0',
    });
    res.redirect(303, `${REVIEW_PAGE}?${query}`);
  } catch (error) {
    const code = error instanceof GraphQLError ? error.extensions.code : undefined;
    if (code !== 'NOT_FOUND' && code !== 'CONFLICT') throw error;
    await reviewPage(res, browser, runtime, code === 'NOT_FOUND' ? 404 : 409, { kind: 'error', text: (error as Error).message });
  }
}

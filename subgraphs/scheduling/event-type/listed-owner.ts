import { SubgraphContext } from '../../../platform/context';
import { badInput, notFoundSaying } from '../../../platform/errors';
import { UserByUsernameDocument } from '../contracts/generated';

/**
 * Whose personal event types GET /v2/event-types lists. With `username`, that user's (a public read, as a
 * booking page is; `orgSlug` or `orgId` names the organization the user must belong to); 404 for no such
 * user. Without it, the caller's own: the field's `@public(when: "args.username")` then leaves it to its @scopes
 * rule (401 without a credential, 403 for an access token without EVENT_TYPE_READ).
 */
export async function listedOwnerOf(ctx: SubgraphContext, lookup: { username: string | null; orgSlug: string | null; orgId: number | null }): Promise<number> {
  const username = lookup.username?.trim();
  const orgSlug = lookup.orgSlug?.trim() || null;
  if (!username) {
    const orgField = orgSlug ? 'orgSlug' : 'orgId';
    if (orgSlug || lookup.orgId != null) throw badInput(orgField, `${orgField} needs username: it names the organization of that user`);
    return ctx.principal.userId!;
  }
  const { userByUsername } = await ctx.graph.call(UserByUsernameDocument, { username, organizationSlug: orgSlug, organizationId: lookup.orgId });
  const ownerId = userByUsername?.id;
  if (ownerId == null) {
    const where = orgSlug ? ` in organization "${orgSlug}"` : lookup.orgId != null ? ` in organization ${lookup.orgId}` : '';
    throw notFoundSaying(`No user with username "${username}"${where}`);
  }
  return ownerId;
}

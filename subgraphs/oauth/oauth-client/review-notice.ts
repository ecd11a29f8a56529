import { Mail, Mailer } from '../../../platform/mailer';
import { OAuthClient, OAuthClientStatus } from './oauth-client.entity';

/** The owner of a client, as the organizations subgraph knows them. */
export interface OwnerContact {
  email: string;
  name: string;
}

/** Finds the owner's e-mail: through the graph (the subgraph) or the owning service (the operator CLI). */
export type OwnerLookup = (userId: number) => Promise<OwnerContact | null>;

/** The e-mail notice of spec 3: the owner learns that the client was approved or rejected. */
export function reviewNotice(client: OAuthClient, owner: OwnerContact): Mail {
  const approved = client.status === OAuthClientStatus.APPROVED;
  const outcome = approved ? 'approved' : 'rejected';
  const next = approved
    ? ['It is ready to use: send your users to the authorization page with its client id,', 'then exchange the code at the token endpoint.']
    : ['It cannot be used. You may register a new client with the changes', 'a service admin asked for.'];
  return {
    to: owner.email,
    subject: `Your OAuth client "${client.name}" was ${outcome}`,
    text: [`Hello ${owner.name},`, '', `A service admin ${outcome} your OAuth client "${client.name}"`, `(client id ${client.id}).`, '', ...next, ''].join(
      '\n',
    ),
  };
}

/**
 * Sends the notice after a review. A failed e-mail does not undo the review: it is logged, and the
 * answer says that nobody was notified (null).
 */
export async function notifyOwner(client: OAuthClient, lookup: OwnerLookup, mailer: Mailer): Promise<string | null> {
  try {
    const owner = await lookup(client.ownerId);
    if (!owner) throw new Error(`user ${client.ownerId} not found`);
    await mailer.send(reviewNotice(client, owner));
    return owner.email;
  } catch (error) {
    console.error(`[oauth] review of client ${client.id}: the owner could not be notified: ${(error as Error).message}`);
    return null;
  }
}

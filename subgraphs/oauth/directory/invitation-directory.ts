import { GraphLink } from '../../../platform/graph-link';
import { AnswerMembershipInvitationDocument, MembershipInvitationsDocument } from '../contracts/generated';

/** A membership that waits for its person's answer, as the invitations page shows it. */
export interface Invitation {
  id: number;
  role: string;
  team: { id: number; name: string; isOrganization: boolean };
}

/**
 * The signed-in person's invitations, read and answered through the supergraph (@internal fields of the
 * organizations subgraph, which owns memberships); the page has checked the session and passes its user.
 */
export class InvitationDirectory {
  constructor(private readonly graph: GraphLink) {}

  async pendingFor(userId: number): Promise<Invitation[]> {
    const data = await this.graph.call(MembershipInvitationsDocument, { userId });
    return data.membershipInvitations;
  }

  /** Accepts or declines; null when the membership is not (or no longer) one of the person's invitations. */
  async answer(userId: number, membershipId: number, accept: boolean): Promise<Invitation | null> {
    try {
      const data = await this.graph.call(AnswerMembershipInvitationDocument, { userId, membershipId, accept });
      return data.answerMembershipInvitation;
    } catch (error) {
      const codes = (error as { codes?: unknown[] }).codes ?? [];
      if (codes.includes('NOT_FOUND') || codes.includes('CONFLICT')) return null;
      throw error;
    }
  }
}

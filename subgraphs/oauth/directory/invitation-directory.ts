import { GraphLink } from '../../kit/graph-link';

/** A membership that waits for its person's answer, as the invitations page shows it. */
export interface Invitation {
  id: number;
  role: string;
  team: { id: number; name: string; isOrganization: boolean };
}

const FIELDS = 'id role team { id name isOrganization }';

/**
 * The signed-in person's invitations, read and answered through the supergraph (@internal fields of the
 * organizations subgraph, which owns memberships); the page has checked the session and passes its user.
 */
export class InvitationDirectory {
  constructor(private readonly graph: GraphLink) {}

  async pendingFor(userId: number): Promise<Invitation[]> {
    const data = await this.graph.run<{ membershipInvitations: Invitation[] }>(
      `query MembershipInvitations($userId: Int!) { membershipInvitations(userId: $userId) { ${FIELDS} } }`,
      { userId },
    );
    return data.membershipInvitations;
  }

  /** Accepts or declines; null when the membership is not (or no longer) one of the person's invitations. */
  async answer(userId: number, membershipId: number, accept: boolean): Promise<Invitation | null> {
    try {
      const data = await this.graph.run<{ answerMembershipInvitation: Invitation }>(
        `mutation AnswerMembershipInvitation($userId: Int!, $membershipId: Int!, $accept: Boolean!) {
          answerMembershipInvitation(userId: $userId, membershipId: $membershipId, accept: $accept) { ${FIELDS} }
        }`,
        { userId, membershipId, accept },
      );
      return data.answerMembershipInvitation;
    } catch (error) {
      const codes = (error as { codes?: unknown[] }).codes ?? [];
      if (codes.includes('NOT_FOUND') || codes.includes('CONFLICT')) return null;
      throw error;
    }
  }
}

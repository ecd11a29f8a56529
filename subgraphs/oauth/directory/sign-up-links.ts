import { GraphLink } from '../../../platform/graph-link';
import { SignUpLinkDocument, SignUpLinkQuery, UseSignUpLinkDocument } from '../contracts/generated';

/** A sign-up link as the set-password page shows it. */
export type SignUpLinkView = SignUpLinkQuery['signUpLink'];

const UNKNOWN: SignUpLinkView = { state: 'UNKNOWN', email: null, organizationName: null };

/** A token the gateway refuses before looking (longer than its input limit) is no link either. */
async function unlessRefused(answer: Promise<SignUpLinkView>): Promise<SignUpLinkView> {
  try {
    return await answer;
  } catch (error) {
    if (((error as { codes?: unknown[] }).codes ?? []).includes('BAD_USER_INPUT')) return UNKNOWN;
    throw error;
  }
}

/**
 * The links of the sign-up e-mails to accounts organizations made, read and used through the supergraph (@internal
 * fields of the organizations subgraph, which owns users, their passwords and the links).
 */
export class SignUpLinks {
  constructor(private readonly graph: GraphLink) {}

  inspect(token: string): Promise<SignUpLinkView> {
    return unlessRefused(this.graph.call(SignUpLinkDocument, { token }).then((data) => data.signUpLink));
  }

  /** Sets the password if the link is valid (the page has checked the password rule); answers the link as it was found. */
  choosePassword(token: string, password: string): Promise<SignUpLinkView> {
    return unlessRefused(this.graph.call(UseSignUpLinkDocument, { token, password }).then((data) => data.useSignUpLink));
  }
}

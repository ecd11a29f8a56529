import { Field, ObjectType, registerEnumType } from 'type-graphql';

/** Where a sign-up link stands. */
export enum SignUpLinkState {
  VALID = 'VALID',
  USED = 'USED',
  EXPIRED = 'EXPIRED',
  UNKNOWN = 'UNKNOWN',
}
registerEnumType(SignUpLinkState, {
  name: 'SignUpLinkState',
  description: 'VALID: its person may choose a password; USED: a password was chosen with it; EXPIRED: too late; UNKNOWN: no such link.',
});

@ObjectType({ description: 'The link of the sign-up e-mail to an account an organization made, as the set-password page shows it.' })
export class SignUpLink {
  @Field(() => SignUpLinkState)
  state: SignUpLinkState;

  @Field(() => String, { nullable: true, description: "The account's e-mail (null when UNKNOWN)." })
  email: string | null;

  @Field(() => String, { nullable: true, description: "The organization's name (null when UNKNOWN)." })
  organizationName: string | null;
}

import { Field, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: "A team invite link (the reference's InviteDataDto): the token is shown once, only its hash is kept." })
export class TeamInviteLink {
  @Field({ description: 'The secret of the link.' })
  token: string;

  @Field({ description: 'Where the invited person opens the invitation.' })
  inviteLink: string;

  @Field({ description: 'After this moment the link no longer admits anyone.' })
  expiresAt: Date;
}

@ObjectType({ description: 'What revoking the invite links of a team did.' })
export class RevokedTeamInvites {
  @Field(() => Int, { description: 'How many usable links stopped working.' })
  revoked: number;
}

@InputType({ description: 'Body of POST /v2/teams/invite/accept.' })
export class AcceptTeamInviteInput {
  @Field({ description: 'The token of the invite link.' })
  token: string;
}

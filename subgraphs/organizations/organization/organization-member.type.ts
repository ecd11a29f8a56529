import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';
import { PageOf } from '../../../platform/pagination';
import { Membership } from '../team/membership.entity';
import { User } from '../user/user.entity';

@ObjectType({ description: "The user inside the organization (the reference's ProfileOutput)." })
export class OrganizationProfile {
  @Field(() => Int, { description: "The organization membership's id." }) id: number;
  @Field(() => Int) organizationId: number;
  @Field(() => Int) userId: number;
  @Field(() => String, { nullable: true }) username: string | null;
}

/** A user of an organization as `/v2/organizations/{orgId}/users` answers it (the reference's GetOrgUsersWithProfileOutput). */
@ObjectType({ description: 'A user of an organization, with their profile in it.' })
export class OrganizationMember {
  @Field(() => Int) id: number;
  @Field() email: string;
  @Field() username: string;
  @Field() name: string;
  @Field(() => String, { nullable: true }) bio: string | null;
  @Field(() => String, { nullable: true }) avatarUrl: string | null;
  @Field({ description: 'IANA time zone name.' }) timeZone: string;
  @Field({ description: 'Monday … Sunday: the first day of the week in calendars.' }) weekStart: string;
  @Field(() => Int, { description: '12 or 24 (hour clock).' }) timeFormat: number;
  @Field({ description: 'Language of the user interface and e-mails (en, de, pt-BR, …).' }) locale: string;
  @Field({ description: 'Whether the booking pages of the user hide the brand: users have no such setting here, so always false.' })
  hideBranding: boolean;
  @Field(() => GraphQLJSONObject) metadata: Record<string, unknown>;
  @Field(() => String, { nullable: true, description: "The theme of the user's booking pages (null: the default)." }) theme: string | null;
  @Field({ description: 'When the account was created.' }) createdDate: Date;
  @Field({ description: "The organization's membership role of the user." }) organizationRole: string;
  @Field({ description: 'Whether the organization membership is accepted.' }) accepted: boolean;
  @Field(() => OrganizationProfile) profile: OrganizationProfile;

  static of(user: User, membership: Membership): OrganizationMember {
    return Object.assign(new OrganizationMember(), {
      id: user.id,
      email: user.email,
      username: user.username,
      name: user.name,
      bio: user.bio,
      avatarUrl: user.avatarUrl,
      timeZone: user.timeZone,
      weekStart: user.weekStart,
      timeFormat: user.timeFormat,
      locale: user.locale,
      hideBranding: false,
      metadata: user.metadata,
      theme: user.theme,
      createdDate: user.createdAt,
      organizationRole: membership.role,
      accepted: membership.accepted,
      profile: Object.assign(new OrganizationProfile(), { id: membership.id, organizationId: membership.teamId, userId: user.id, username: user.username }),
    });
  }
}

@ObjectType()
export class OrganizationMemberPage extends PageOf(OrganizationMember) {}

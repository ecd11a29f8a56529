import { addressOf } from '../../platform/addresses';
import { BookingPageOwnerResolver } from './booking-page/booking-page-owner.resolver';
import { BookingPageUser, bookingPageUserReference } from './booking-page/booking-page-user';
import { TeamEventTypeHost, teamEventTypeHostReference } from './booking-page/team-event-type-host';
import { SubgraphDefinition } from '../../platform/server';
import { Initial1732100000000 } from './migrations/1732100000000-initial';
import { AnnouncePrincipalChanges1732200000000 } from './migrations/1732200000000-announce-principal-changes';
import { UpdateMeResolver } from './user/update-me';
import { OrganizationRoles1732600000000 } from './migrations/1732600000000-organization-roles';
import { TeamProfilesInvitesDeletions1733500000000 } from './migrations/1733500000000-team-profiles-invites-deletions';
import { OrganizationMembershipResolver } from './membership/organization-membership.resolver';
import { OrganizationUsersResolver } from './organization/organization-users.resolver';
import { OrganizationTeamResolver } from './team/organization-team.resolver';
import { TeamDeletion } from './team-deletion/team-deletion.entity';
import { startTeamDeletionRetries } from './team-deletion/team-deletion.service';
import { TeamRosterChange } from './team-roster-change/team-roster-change.entity';
import { startTeamRosterRetries } from './team-roster-change/team-roster-change.service';
import { TeamRosterChanges1734800000001 } from './migrations/1734800000001-team-roster-changes';
import { TeamInvite } from './team-invite/team-invite.entity';
import { TeamInviteResolver } from './team-invite/team-invite.resolver';
import { UserPreferences1733400000001 } from './migrations/1733400000001-user-preferences';
import { Role } from './role/role.entity';
import { Attributes1733600000000 } from './migrations/1733600000000-attributes';
import { DelegationCredentials1733600000001 } from './migrations/1733600000001-delegation-credentials';
import { Credits1734300000000 } from './migrations/1734300000000-credits';
import { ManagedOrganizations1734300000001 } from './migrations/1734300000001-managed-organizations';
import { ManagedOrganizationResolver } from './managed-organization/managed-organization.resolver';
import { CreditResolver } from './credit/credit.resolver';
import { MembershipAttributesResolver } from './attribute/membership-attributes.resolver';
import { Attribute, AttributeAssignment, AttributeOption } from './attribute/attribute.entity';
import { AttributeOptionResolver, AttributeResolver } from './attribute/attribute.resolver';
import { DelegationCredential } from './delegation-credential/delegation-credential.entity';
import { DelegationCredentialResolver } from './delegation-credential/delegation-credential.resolver';
import { RoleResolver } from './role/role.resolver';
import { Membership } from './team/membership.entity';
import { MembershipResolver } from './membership/membership.resolver';
import { OrganizationResolver } from './organization/organization.resolver';
import { TeamOrganizationResolver } from './organization/team-organization.resolver';
import { UserOrganizationResolver } from './organization/user-organization.resolver';
import { OrganizationUserResolver, organizationUserReference } from './organization/organization-user.resolver';
import { PrivateLink, privateLinkReference } from './private-link/private-link.stub';
import { PrivateLinkUrlResolver } from './private-link/private-link-url.resolver';
import { Team } from './team/team.entity';
import { teamReference } from './team/team.reference';
import { TeamResolver } from './team/team.resolver';
import { TeamDeletionResolver } from './team-deletion/team-deletion.resolver';
import { TeamRosterResolver } from './team/team-roster.resolver';
import { InvitationResolver } from './membership/invitation.resolver';
import { User } from './user/user.entity';
import { userReference } from './user/user.reference';
import { UserResolver } from './user/user.resolver';
import { ManagedUserResolver } from './managed-user/managed-user.resolver';
import { ManagedUsers1734600000001 } from './migrations/1734600000001-managed-users';
import { KeyedWrites1735500000000 } from './migrations/1735500000000-keyed-writes';
import { UserTheme1735600000003 } from './migrations/1735600000003-user-theme';
import { SignUpInvitations1736000000001 } from './migrations/1736000000001-sign-up-invitations';
import { SignUpInvitationResolver } from './sign-up-invitation/sign-up-invitation.resolver';
import { startSignUpEmailRetries } from './sign-up-invitation/sign-up-invitation.service';

/** Users, organizations, teams, memberships. */
export const organizations: SubgraphDefinition = {
  name: 'organizations',
  defaultPort: addressOf('organizations').defaultPort,
  persistence: {
    schema: 'organizations',
    entities: [User, Team, Membership, Role, TeamInvite, TeamDeletion, TeamRosterChange, Attribute, AttributeOption, AttributeAssignment, DelegationCredential],
    migrations: [
      Initial1732100000000,
      AnnouncePrincipalChanges1732200000000,
      OrganizationRoles1732600000000,
      UserPreferences1733400000001,
      TeamProfilesInvitesDeletions1733500000000,
      Attributes1733600000000,
      DelegationCredentials1733600000001,
      Credits1734300000000,
      ManagedOrganizations1734300000001,
      ManagedUsers1734600000001,
      TeamRosterChanges1734800000001,
      KeyedWrites1735500000000,
      UserTheme1735600000003,
      SignUpInvitations1736000000001,
    ],
  },
  resolvers: [
    RoleResolver,
    UserResolver,
    TeamResolver,
    TeamDeletionResolver,
    TeamOrganizationResolver,
    UserOrganizationResolver,
    MembershipResolver,
    OrganizationResolver,
    OrganizationUserResolver,
    TeamRosterResolver,
    PrivateLinkUrlResolver,
    BookingPageOwnerResolver,
    OrganizationTeamResolver,
    OrganizationMembershipResolver,
    InvitationResolver,
    OrganizationUsersResolver,
    TeamInviteResolver,
    AttributeResolver,
    AttributeOptionResolver,
    DelegationCredentialResolver,
    UpdateMeResolver,
    CreditResolver,
    MembershipAttributesResolver,
    ManagedOrganizationResolver,
    ManagedUserResolver,
    SignUpInvitationResolver,
  ],
  referenceResolvers: {
    User: userReference,
    Team: teamReference,
    OrganizationUser: organizationUserReference,
    PrivateLink: privateLinkReference,
    BookingPageUser: bookingPageUserReference,
    TeamEventTypeHost: teamEventTypeHostReference,
  },
  orphanedTypes: [PrivateLink, BookingPageUser, TeamEventTypeHost],
  background: [startTeamDeletionRetries, startTeamRosterRetries, startSignUpEmailRetries],
};

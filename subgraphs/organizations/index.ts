import { SubgraphDefinition } from '../kit/server';
import { Initial1732100000000 } from './migrations/1732100000000-initial';
import { AnnouncePrincipalChanges1732200000000 } from './migrations/1732200000000-announce-principal-changes';
import { Membership } from './membership/membership.entity';
import { MembershipResolver } from './membership/membership.resolver';
import { OrganizationResolver } from './organization/organization.resolver';
import { Team } from './team/team.entity';
import { teamReference } from './team/team.reference';
import { TeamResolver } from './team/team.resolver';
import { User } from './user/user.entity';
import { userReference } from './user/user.reference';
import { UserResolver } from './user/user.resolver';

/** Users, organizations, teams, memberships. */
export const organizations: SubgraphDefinition = {
  name: 'organizations',
  defaultPort: 4002,
  persistence: { schema: 'organizations', entities: [User, Team, Membership], migrations: [Initial1732100000000, AnnouncePrincipalChanges1732200000000] },
  resolvers: [UserResolver, TeamResolver, MembershipResolver, OrganizationResolver],
  referenceResolvers: { User: userReference, Team: teamReference },
};

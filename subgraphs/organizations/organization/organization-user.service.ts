import { SubgraphContext } from '../../../platform/context';
import { membershipsByUserId, teamById } from '../team/team.loaders';
import { OrganizationUser } from './organization-user.type';

/** The user as an accepted member of the organization, or null when they are not one. */
export async function organizationUserOf(ctx: SubgraphContext, orgId: number, userId: number): Promise<OrganizationUser | null> {
  const membership = (await membershipsByUserId(ctx).load(userId)).find((m) => m.teamId === orgId && m.accepted);
  if (!membership || !(await teamById(ctx).load(orgId))?.isOrganization) return null;
  return Object.assign(new OrganizationUser(), { orgId, userId });
}

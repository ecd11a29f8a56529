import { Arg, Ctx, Directive, Int, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../kit/context';
import { Role } from './role.entity';
import { RoleService } from './role.service';

@Resolver(() => Role)
export class RoleResolver {
  @Query(() => Role, { description: 'A role of the organization (GET /v2/organizations/{orgId}/roles/{roleId}).' })
  @Directive('@pbac(permission: "role.readOrgRoles", org: "args.orgId")')
  organizationRole(@Arg('orgId', () => Int) orgId: number, @Arg('roleId') roleId: string, @Ctx() ctx: SubgraphContext): Promise<Role> {
    return new RoleService(ctx.db).get(orgId, roleId);
  }
}

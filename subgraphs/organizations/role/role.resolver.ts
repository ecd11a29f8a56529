import { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, Directive, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { notFound } from '../../../platform/errors';
import { PageArgs, paginationOf } from '../../../platform/pagination';
import { Membership } from '../team/membership.entity';
import { Role } from './role.entity';
import { AssignRoleInput, CreateRoleInput, RolePage, RolePermissionsInput, UpdateRoleInput } from './role.inputs';
import { checkPermissions, RoleService } from './role.service';

/** No OAuth scope of spec 5.3 covers roles: API keys of org admins (or members whose role grants the permission) only. */
const READ = '@pbac(permission: "role.readOrgRoles", org: "args.orgId")';
const CREATE = '@pbac(permission: "role.create", org: "args.orgId")';
const UPDATE = '@pbac(permission: "role.update", org: "args.orgId")';
const DELETE = '@pbac(permission: "role.delete", org: "args.orgId")';
const ASSIGN = '@pbac(permission: "role.assign", org: "args.orgId")';

const service = (ctx: SubgraphContext) => new RoleService(ctx.db);

/** The members holding a role see its change at once (the gateway forgets their cached principals). */
async function announceHolders(ctx: SubgraphContext, roleId: string): Promise<void> {
  for (const userId of await service(ctx).holders(roleId)) ctx.principalsChanged.add(userId);
}

@Resolver(() => Role)
export class RoleResolver {
  @Query(() => RolePage, { description: 'The SYSTEM roles, then the custom roles of the organization (GET /v2/organizations/{orgId}/roles).' })
  @Directive(READ)
  async organizationRoles(@Arg('orgId', () => Int) orgId: number, @Args() page: PageArgs, @Ctx() ctx: SubgraphContext): Promise<RolePage> {
    await service(ctx).get(orgId, 'member_role'); // NOT_FOUND for a team that is not an organization
    const [items, total] = await service(ctx).list(orgId, page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Query(() => Role, { description: 'A role of the organization (GET /v2/organizations/{orgId}/roles/{roleId}).' })
  @Directive(READ)
  organizationRole(@Arg('orgId', () => Int) orgId: number, @Arg('roleId') roleId: string, @Ctx() ctx: SubgraphContext): Promise<Role> {
    return service(ctx).get(orgId, roleId);
  }

  @Mutation(() => Role, { description: 'Creates a custom role of the organization.' })
  @Directive(CREATE)
  createOrganizationRole(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('input') input: CreateRoleInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Role> {
    const role = { organizationId: orgId, name: input.name, permissions: input.permissions ?? [], color: input.color, description: input.description };
    // Sent again with its Idempotency-Key after a lost answer: the role it made, not a 409 for its name.
    return keyedWrite(
      ctx,
      info,
      (reference) => service(ctx).get(orgId, reference.roleId as string),
      () => service(ctx).create(role),
    );
  }

  @Mutation(() => Role, { description: 'Changes a custom role; `permissions`, when sent, replaces the list.' })
  @Directive(UPDATE)
  async updateOrganizationRole(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('roleId') roleId: string,
    @Arg('input') input: UpdateRoleInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Role> {
    const role = await service(ctx).update(orgId, roleId, input);
    await announceHolders(ctx, roleId);
    return role;
  }

  @Mutation(() => Role, { description: 'Deletes a custom role (its members fall back to their membership role); answers it as it was.' })
  @Directive(DELETE)
  async deleteOrganizationRole(@Arg('orgId', () => Int) orgId: number, @Arg('roleId') roleId: string, @Ctx() ctx: SubgraphContext): Promise<Role> {
    await announceHolders(ctx, roleId);
    return service(ctx).remove(orgId, roleId);
  }

  @Query(() => [String], { description: 'Permissions of a role (GET /v2/organizations/{orgId}/roles/{roleId}/permissions).' })
  @Directive(READ)
  async organizationRolePermissions(@Arg('orgId', () => Int) orgId: number, @Arg('roleId') roleId: string, @Ctx() ctx: SubgraphContext): Promise<string[]> {
    return (await service(ctx).get(orgId, roleId)).permissions;
  }

  @Mutation(() => [String], { description: 'Adds permissions to a custom role; answers all of its permissions.' })
  @Directive(UPDATE)
  async addOrganizationRolePermissions(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('roleId') roleId: string,
    @Arg('input') input: RolePermissionsInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<string[]> {
    const role = await service(ctx).custom(orgId, roleId);
    return this.setPermissions(ctx, orgId, roleId, [...role.permissions, ...checkPermissions(input.permissions)]);
  }

  @Mutation(() => [String], { description: 'Replaces the permissions of a custom role; answers them.' })
  @Directive(UPDATE)
  replaceOrganizationRolePermissions(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('roleId') roleId: string,
    @Arg('input') input: RolePermissionsInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<string[]> {
    return this.setPermissions(ctx, orgId, roleId, input.permissions);
  }

  @Mutation(() => [String], {
    description: 'Removes one permission from a custom role (400 for one not in resource.action form); answers the permissions left.',
  })
  @Directive(UPDATE)
  async removeOrganizationRolePermission(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('roleId') roleId: string,
    @Arg('permission') permission: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<string[]> {
    const role = await service(ctx).custom(orgId, roleId);
    const [removed] = checkPermissions([permission]);
    return this.setPermissions(
      ctx,
      orgId,
      roleId,
      role.permissions.filter((p) => p !== removed),
    );
  }

  @Mutation(() => Membership, {
    description: 'Gives a membership of the organization (or of one of its teams) the custom role: its permissions then decide @pbac checks.',
  })
  @Directive(ASSIGN)
  async assignOrganizationRole(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('roleId') roleId: string,
    @Arg('input') input: AssignRoleInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Membership> {
    const membership = await service(ctx).membershipOf(orgId, input.membershipId);
    await service(ctx).custom(orgId, roleId);
    ctx.principalsChanged.add(membership.userId);
    return service(ctx).assign(membership.id, roleId);
  }

  @Mutation(() => Membership, { description: 'Takes the custom role from a membership: its membership role decides again.' })
  @Directive(ASSIGN)
  async unassignOrganizationRole(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('roleId') roleId: string,
    @Arg('membershipId', () => Int) membershipId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Membership> {
    const membership = await service(ctx).membershipOf(orgId, membershipId);
    await service(ctx).custom(orgId, roleId);
    if (membership.customRoleId !== roleId) throw notHolding(roleId, membershipId);
    ctx.principalsChanged.add(membership.userId);
    return service(ctx).assign(membership.id, null);
  }

  private async setPermissions(ctx: SubgraphContext, orgId: number, roleId: string, permissions: string[]): Promise<string[]> {
    const role = await service(ctx).update(orgId, roleId, { permissions });
    await announceHolders(ctx, roleId);
    return role.permissions;
  }
}

function notHolding(roleId: string, membershipId: number) {
  return notFound(`Membership holding role ${roleId}`, membershipId);
}

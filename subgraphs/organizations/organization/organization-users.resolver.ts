import { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, Directive, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { PageArgs, paginationOf } from '../../../platform/pagination';
import { OrganizationMember, OrganizationMemberPage } from './organization-member.type';
import { CreateOrganizationUserInput, UpdateOrganizationUserInput } from './organization-users.inputs';
import { OrganizationUserChange, OrganizationUsersService } from './organization-users.service';
import { SignUpInvitationService } from '../sign-up-invitation/sign-up-invitation.service';

function changed(ctx: SubgraphContext, change: OrganizationUserChange): OrganizationMember {
  for (const id of change.userIds) ctx.principalsChanged.add(id);
  return change.member;
}

/** `/v2/organizations/{orgId}/users`: organization admins. */
@Resolver(() => OrganizationMember)
export class OrganizationUsersResolver {
  @Query(() => OrganizationMemberPage, {
    description: 'Users of the organization (GET /v2/organizations/{orgId}/users), optionally only those with these e-mails or in these teams of it.',
  })
  @Directive('@scopes(anyOf: [["ORG_MEMBERSHIP_READ"]])')
  @Directive('@pbac(permission: "organization.listMembers", org: "args.orgId")')
  async organizationUsers(
    @Arg('orgId', () => Int) orgId: number,
    @Args() page: PageArgs,
    @Arg('emails', () => [String], { nullable: true }) emails: string[] | null,
    @Arg('teamIds', () => [Int], { nullable: true }) teamIds: number[] | null,
    @Arg('assignedOptionIds', () => [String], { nullable: true, description: 'Attribute option ids, combined by attributeQueryOperator.' })
    assignedOptionIds: string[] | null,
    @Arg('attributeQueryOperator', () => String, {
      nullable: true,
      description: 'AND (default): users holding every option of assignedOptionIds; OR: at least one; NONE: none of them.',
    })
    attributeQueryOperator: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<OrganizationMemberPage> {
    const [items, total] = await new OrganizationUsersService(ctx.db).list(orgId, page, { emails, teamIds, assignedOptionIds, attributeQueryOperator });
    return { items, pagination: paginationOf(total, page) };
  }

  @Mutation(() => OrganizationMember, { description: 'Creates a user who belongs to the organization (POST /v2/organizations/{orgId}/users).' })
  @Directive('@scopes(anyOf: [["ORG_MEMBERSHIP_WRITE"]])')
  @Directive('@pbac(permission: "organization.invite", org: "args.orgId", grantsRole: "args.input.organizationRole")')
  async createOrganizationUser(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('input') input: CreateOrganizationUserInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<OrganizationMember> {
    const users = new OrganizationUsersService(ctx.db);
    const change = await keyedWrite(
      ctx,
      info,
      (reference) => users.recalled(orgId, reference),
      () => users.create(orgId, input, ctx.principal.userId),
    );
    // The sign-up e-mail, committed with the account, leaves after the answer (a recalled creation's was sent already: nothing then).
    new SignUpInvitationService(ctx.db).dispatchSoon(change.member.id);
    return changed(ctx, change);
  }

  @Mutation(() => OrganizationMember, { description: 'Changes a user the organization created (PATCH /v2/organizations/{orgId}/users/{userId}).' })
  @Directive('@scopes(anyOf: [["ORG_MEMBERSHIP_WRITE"]])')
  @Directive('@pbac(permission: "organization.editUsers", org: "args.orgId")')
  async updateOrganizationUser(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('userId', () => Int) userId: number,
    @Arg('input') input: UpdateOrganizationUserInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<OrganizationMember> {
    return changed(ctx, await new OrganizationUsersService(ctx.db).update(orgId, userId, input));
  }

  @Mutation(() => OrganizationMember, {
    description:
      'Removes a user from the organization and its teams; deletes the account when the organization created it (DELETE /v2/organizations/{orgId}/users/{userId}).',
  })
  @Directive('@scopes(anyOf: [["ORG_MEMBERSHIP_WRITE"]])')
  @Directive('@pbac(permission: "organization.remove", org: "args.orgId")')
  async deleteOrganizationUser(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('userId', () => Int) userId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<OrganizationMember> {
    return changed(ctx, await new OrganizationUsersService(ctx.db).delete(orgId, userId));
  }
}

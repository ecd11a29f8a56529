import { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, Directive, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { PageArgs, paginationOf } from '../../../platform/pagination';
import { Attribute, AttributeAssignment, AttributeOption } from './attribute.entity';
import {
  AssignAttributeOptionInput,
  AssignedAttributeOptionPage,
  AssignedOptionFilter,
  AttributePage,
  CreateAttributeInput,
  CreateAttributeOptionInput,
  UpdateAttributeInput,
  UpdateAttributeOptionInput,
} from './attribute.inputs';
import { AttributeService } from './attribute.service';

/** No OAuth scope of spec 5.3 covers attributes: API keys of org admins (or members whose role grants the permission) only. */
const READ = '@pbac(permission: "organization.attributes.read", org: "args.orgId")';
const CREATE = '@pbac(permission: "organization.attributes.create", org: "args.orgId")';
const UPDATE = '@pbac(permission: "organization.attributes.update", org: "args.orgId")';
const DELETE = '@pbac(permission: "organization.attributes.delete", org: "args.orgId")';
const EDIT_USERS = '@pbac(permission: "organization.attributes.editUsers", org: "args.orgId")';

const service = (ctx: SubgraphContext) => new AttributeService(ctx.db);

/** /v2/organizations/{orgId}/attributes… */
@Resolver(() => Attribute)
export class AttributeResolver {
  @Query(() => AttributePage, { description: 'Attributes of the organization (GET /v2/organizations/{orgId}/attributes).' })
  @Directive(READ)
  async organizationAttributes(@Arg('orgId', () => Int) orgId: number, @Args() page: PageArgs, @Ctx() ctx: SubgraphContext): Promise<AttributePage> {
    const [items, total] = await service(ctx).list(orgId, page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Query(() => Attribute, { description: 'One attribute of the organization.' })
  @Directive(READ)
  organizationAttribute(@Arg('orgId', () => Int) orgId: number, @Arg('attributeId') attributeId: string, @Ctx() ctx: SubgraphContext): Promise<Attribute> {
    return service(ctx).get(orgId, attributeId);
  }

  @Mutation(() => Attribute, { description: 'Creates an attribute with its first options.' })
  @Directive(CREATE)
  createOrganizationAttribute(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('input') input: CreateAttributeInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Attribute> {
    // Sent again with its Idempotency-Key after a lost answer: the attribute it made, not a 409 for its slug.
    return keyedWrite(
      ctx,
      info,
      (reference) => service(ctx).get(orgId, reference.attributeId as string),
      () => service(ctx).create(orgId, input),
    );
  }

  @Mutation(() => Attribute, { description: 'Changes an attribute; omitted fields are kept.' })
  @Directive(UPDATE)
  updateOrganizationAttribute(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('attributeId') attributeId: string,
    @Arg('input') input: UpdateAttributeInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Attribute> {
    return service(ctx).update(orgId, attributeId, input);
  }

  @Mutation(() => Attribute, { description: 'Deletes an attribute with its options and assignments; answers it as it was.' })
  @Directive(DELETE)
  deleteOrganizationAttribute(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('attributeId') attributeId: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Attribute> {
    return service(ctx).remove(orgId, attributeId);
  }
}

/** /v2/organizations/{orgId}/attributes/{attributeId}/options… and /v2/organizations/{orgId}/attributes/options/{userId}… */
@Resolver(() => AttributeOption)
export class AttributeOptionResolver {
  @Query(() => [AttributeOption], { description: 'Options of an attribute.' })
  @Directive(READ)
  organizationAttributeOptions(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('attributeId') attributeId: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<AttributeOption[]> {
    return service(ctx).options(orgId, attributeId);
  }

  @Mutation(() => AttributeOption, { description: 'Adds an option to an attribute.' })
  @Directive(UPDATE)
  createOrganizationAttributeOption(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('attributeId') attributeId: string,
    @Arg('input') input: CreateAttributeOptionInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<AttributeOption> {
    return keyedWrite(
      ctx,
      info,
      (reference) => service(ctx).option(orgId, attributeId, reference.optionId as string),
      () => service(ctx).createOption(orgId, attributeId, input),
    );
  }

  @Mutation(() => AttributeOption, { description: 'Changes an option (spec 4.8).' })
  @Directive(UPDATE)
  updateOrganizationAttributeOption(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('attributeId') attributeId: string,
    @Arg('optionId') optionId: string,
    @Arg('input') input: UpdateAttributeOptionInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<AttributeOption> {
    return service(ctx).updateOption(orgId, attributeId, optionId, input);
  }

  @Mutation(() => AttributeOption, { description: 'Deletes an option (and takes it from the members holding it); answers it as it was.' })
  @Directive(UPDATE)
  deleteOrganizationAttributeOption(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('attributeId') attributeId: string,
    @Arg('optionId') optionId: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<AttributeOption> {
    return service(ctx).removeOption(orgId, attributeId, optionId);
  }

  @Query(() => AssignedAttributeOptionPage, { description: 'Options of an attribute with the users holding each.' })
  @Directive(READ)
  async organizationAttributeAssignedOptions(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('attributeId') attributeId: string,
    @Args() filter: AssignedOptionFilter,
    @Args() page: PageArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<AssignedAttributeOptionPage> {
    const attribute = await service(ctx).get(orgId, attributeId);
    const [items, total] = await service(ctx).assignedOptions(orgId, attribute, filter, page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Query(() => AssignedAttributeOptionPage, { description: 'Options of an attribute (found by its slug) with the users holding each.' })
  @Directive(READ)
  async organizationAttributeAssignedOptionsBySlug(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('attributeSlug') attributeSlug: string,
    @Args() filter: AssignedOptionFilter,
    @Args() page: PageArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<AssignedAttributeOptionPage> {
    const attribute = await service(ctx).bySlug(orgId, attributeSlug);
    const [items, total] = await service(ctx).assignedOptions(orgId, attribute, filter, page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Query(() => [AttributeOption], { description: 'Options an organization member holds, of every attribute.' })
  @Directive(READ)
  organizationUserAttributeOptions(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('userId', () => Int) userId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<AttributeOption[]> {
    return service(ctx).optionsOfUser(orgId, userId);
  }

  @Mutation(() => AttributeAssignment, { description: 'Gives an organization member an option.' })
  @Directive(EDIT_USERS)
  assignOrganizationAttributeOption(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('userId', () => Int) userId: number,
    @Arg('input') input: AssignAttributeOptionInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<AttributeAssignment> {
    return service(ctx).assign(orgId, userId, input);
  }

  @Mutation(() => AttributeAssignment, { description: 'Takes an option from an organization member; answers the removed assignment.' })
  @Directive(EDIT_USERS)
  unassignOrganizationAttributeOption(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('userId', () => Int) userId: number,
    @Arg('attributeOptionId') attributeOptionId: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<AttributeAssignment> {
    return service(ctx).unassign(orgId, userId, attributeOptionId);
  }
}

import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { PageOf } from '../../../platform/pagination';
import { Role } from './role.entity';

@InputType({ description: 'Body of POST /v2/organizations/{orgId}/roles.' })
export class CreateRoleInput {
  @Field({ description: 'Unique in the organization.' })
  name: string;

  @Field(() => [String], { nullable: true, defaultValue: [], description: 'Permissions in resource.action form.' })
  permissions?: string[];

  @Field(() => String, { nullable: true })
  color?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;
}

@InputType({ description: 'Body of PATCH /v2/organizations/{orgId}/roles/{roleId}: omitted fields are kept; `permissions` replaces the list.' })
export class UpdateRoleInput {
  @Field({ nullable: true })
  name?: string;

  @Field(() => [String], { nullable: true })
  permissions?: string[];

  @Field(() => String, { nullable: true, description: 'null removes it.' })
  color?: string | null;

  @Field(() => String, { nullable: true, description: 'null removes it.' })
  description?: string | null;
}

@InputType({ description: 'Body of the permission routes of a role: permissions in resource.action form.' })
export class RolePermissionsInput {
  @Field(() => [String])
  permissions: string[];
}

@InputType({ description: 'Body of POST /v2/organizations/{orgId}/roles/{roleId}/assignments.' })
export class AssignRoleInput {
  @Field(() => Int, { description: 'A membership of the organization or of one of its teams.' })
  membershipId: number;
}

@ObjectType()
export class RolePage extends PageOf(Role) {}

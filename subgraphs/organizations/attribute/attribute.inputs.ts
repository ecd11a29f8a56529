import { ArgsType, Field, InputType, Int, ObjectType } from 'type-graphql';
import { PageOf } from '../../../platform/pagination';
import { Attribute, AttributeType } from './attribute.entity';

@InputType({ description: 'An option in the body of POST /v2/organizations/{orgId}/attributes/{attributeId}/options (and of attribute creation).' })
export class CreateAttributeOptionInput {
  @Field()
  value: string;

  @Field()
  slug: string;
}

@InputType({ description: 'Body of PATCH /v2/organizations/{orgId}/attributes/{attributeId}/options/{optionId} (spec 4.8).' })
export class UpdateAttributeOptionInput {
  @Field({ nullable: true })
  value?: string;

  @Field({ nullable: true })
  slug?: string;
}

@InputType({ description: 'Body of POST /v2/organizations/{orgId}/attributes.' })
export class CreateAttributeInput {
  @Field()
  name: string;

  @Field({ description: 'Unique in the organization.' })
  slug: string;

  @Field(() => AttributeType)
  type: AttributeType;

  @Field(() => [CreateAttributeOptionInput], { description: 'Options the attribute starts with (may be empty).' })
  options: CreateAttributeOptionInput[];

  @Field({ nullable: true, defaultValue: true })
  enabled?: boolean;
}

@InputType({ description: 'Body of PATCH /v2/organizations/{orgId}/attributes/{attributeId}: omitted fields are kept.' })
export class UpdateAttributeInput {
  @Field({ nullable: true })
  name?: string;

  @Field({ nullable: true })
  slug?: string;

  @Field(() => AttributeType, { nullable: true })
  type?: AttributeType;

  @Field({ nullable: true })
  enabled?: boolean;
}

@InputType({
  description:
    'Body of POST /v2/organizations/{orgId}/attributes/options/{userId}: an existing option, or (TEXT and NUMBER attributes) a value that becomes one.',
})
export class AssignAttributeOptionInput {
  @Field()
  attributeId: string;

  @Field({ nullable: true, description: 'An option of the attribute.' })
  attributeOptionId?: string;

  @Field({ nullable: true, description: 'A value: the option with that value, created when missing (TEXT and NUMBER attributes only).' })
  value?: string;
}

@ArgsType()
export class AssignedOptionFilter {
  @Field(() => [String], { nullable: true, description: 'Only options held by somebody who also holds one of these (404 when nobody holds them).' })
  assignedOptionIds?: string[];

  @Field(() => [Int], { nullable: true, description: 'Only users who are accepted members of one of these teams of the organization.' })
  teamIds?: number[];
}

@ObjectType({ description: 'An attribute option with the users it is given to (reference: AssignedOptionOutput).' })
export class AssignedAttributeOption {
  @Field() id: string;
  @Field() attributeId: string;
  @Field() value: string;
  @Field() slug: string;
  @Field(() => [Int]) assignedUserIds: number[];
}

@ObjectType()
export class AttributePage extends PageOf(Attribute) {}

@ObjectType()
export class AssignedAttributeOptionPage extends PageOf(AssignedAttributeOption) {}

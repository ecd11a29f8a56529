import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export enum AttributeType {
  TEXT = 'TEXT',
  NUMBER = 'NUMBER',
  SINGLE_SELECT = 'SINGLE_SELECT',
  MULTI_SELECT = 'MULTI_SELECT',
}
registerEnumType(AttributeType, { name: 'AttributeType', description: 'Kind of value an organization attribute holds.' });

/** An organization user attribute (reference `Attribute`): a named set of options members are given. */
@Entity({ name: 'attributes' })
@ObjectType('OrganizationAttribute', { description: 'An attribute of the users of an organization (reference: Attribute).' })
export class Attribute {
  @PrimaryColumn()
  @Field()
  id: string;

  /** The organization (the reference calls it `teamId`). */
  @Column({ name: 'team_id' })
  @Field(() => Int, { description: 'The organization the attribute belongs to.' })
  teamId: number;

  @Column({ type: 'text' })
  @Field(() => AttributeType)
  type: AttributeType;

  @Column()
  @Field()
  name: string;

  @Column()
  @Field({ description: 'Unique in the organization.' })
  slug: string;

  @Column({ default: true })
  @Field({ description: 'Whether the attribute is shown on the profiles of the members.' })
  enabled: boolean;

  @Column({ name: 'users_can_edit_relation', default: false })
  @Field({ description: 'Whether members may change their own options of this attribute.' })
  usersCanEditRelation: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** One value an attribute can take (spec 2.9). */
@Entity({ name: 'attribute_options' })
@ObjectType('OrganizationAttributeOption', { description: 'An option of an organization attribute (type 2.9).' })
export class AttributeOption {
  @PrimaryColumn()
  @Field()
  id: string;

  @Column({ name: 'attribute_id' })
  @Field()
  attributeId: string;

  @Column()
  @Field()
  value: string;

  @Column()
  @Field({ description: 'Unique among the options of the attribute.' })
  slug: string;
}

/** An option given to a member of the organization (through their organization membership). */
@Entity({ name: 'attribute_assignments' })
@ObjectType('AttributeOptionAssignment', { description: 'An attribute option given to an organization member (reference: AssignOptionUserOutputData).' })
export class AttributeAssignment {
  @PrimaryColumn()
  @Field()
  id: string;

  @Column({ name: 'membership_id' })
  @Field(() => Int, { description: 'The organization membership of the user.' })
  memberId: number;

  @Column({ name: 'attribute_option_id' })
  @Field()
  attributeOptionId: string;
}

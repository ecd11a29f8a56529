import { Field, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** An organization role (type 2.15): a named set of `resource.action` permissions. */
@Entity({ name: 'roles' })
@ObjectType('OrganizationRole', { description: 'An organization role: a named set of resource.action permissions (type 2.15).' })
export class Role {
  @PrimaryColumn()
  @Field()
  id: string;

  @Column({ name: 'organization_id' })
  @Field(() => Int)
  organizationId: number;

  @Column()
  @Field()
  name: string;

  @Column({ type: 'text' })
  @Field({ description: '`CUSTOM` for roles an organization defines; `SYSTEM` for the built-in MEMBER, ADMIN and OWNER roles.' })
  type: 'SYSTEM' | 'CUSTOM';

  @Column({ type: 'text', array: true })
  @Field(() => [String], { description: 'Permissions in resource.action form.' })
  permissions: string[];

  @Column({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  color: string | null;

  @Column({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  description: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Field()
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  @Field()
  updatedAt: Date;
}

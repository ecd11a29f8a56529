import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export enum MembershipRole {
  MEMBER = 'MEMBER',
  ADMIN = 'ADMIN',
  OWNER = 'OWNER',
}
registerEnumType(MembershipRole, { name: 'MembershipRole', description: 'Role of a user in a team or organization.' });

@Entity({ name: 'memberships' })
@ObjectType({ description: 'A user in a team or organization (type 2.13).' })
export class Membership {
  @PrimaryGeneratedColumn()
  @Field(() => Int)
  id: number;

  @Column({ name: 'user_id' })
  @Field(() => Int)
  userId: number;

  @Column({ name: 'team_id' })
  @Field(() => Int)
  teamId: number;

  @Column({ type: 'text' })
  @Field(() => MembershipRole)
  role: MembershipRole;

  @Column({ default: true })
  @Field()
  accepted: boolean;

  /** A custom organization role: when set, its permissions decide @pbac checks instead of `role`. */
  @Column({ name: 'custom_role_id', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'Custom organization role; when set, its permissions replace what `role` grants.' })
  customRoleId: string | null;

  @Column({ name: 'disable_impersonation', default: false })
  @Field()
  disableImpersonation: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Field()
  createdAt: Date;
}

import { Directive, Field, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Teams and organizations share one table and one id space, as REST paths use both as `teamId`. */
@Entity({ name: 'teams' })
@ObjectType({ description: 'A team of users, standalone or inside an organization.' })
@Directive('@key(fields: "id")')
export class Team {
  @PrimaryGeneratedColumn()
  @Field(() => Int)
  id: number;

  @Column()
  @Field()
  name: string;

  @Column()
  @Field()
  slug: string;

  @Column({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  bio: string | null;

  @Column({ name: 'time_zone', default: 'Europe/London' })
  @Field()
  timeZone: string;

  @Column({ name: 'is_organization', default: false })
  @Field()
  isOrganization: boolean;

  @Column({ name: 'parent_id', type: 'int', nullable: true })
  @Field(() => Int, { nullable: true, description: 'The organization this team belongs to.' })
  parentId: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Field()
  createdAt: Date;
}

import { GraphQLJSONObject } from 'graphql-scalars';
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

  /** Where `@pbac` finds the organization role over the team: its organization, or the organization itself. Not in the schema. */
  get managingOrganizationId(): number | null {
    return this.isOrganization ? this.id : this.parentId;
  }

  @Column({ name: 'logo_url', type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  logoUrl: string | null;

  @Column({ name: 'banner_url', type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  bannerUrl: string | null;

  @Column({ name: 'hide_branding', default: false })
  @Field()
  hideBranding: boolean;

  @Column({ name: 'is_private', default: false })
  @Field({ description: 'Members are hidden from the public team page.' })
  isPrivate: boolean;

  @Column({ name: 'hide_book_a_team_member', default: false })
  @Field()
  hideBookATeamMember: boolean;

  @Column({ type: 'jsonb', default: {} })
  @Field(() => GraphQLJSONObject)
  metadata: Record<string, unknown>;

  @Column({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  theme: string | null;

  @Column({ name: 'brand_color', type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  brandColor: string | null;

  @Column({ name: 'dark_brand_color', type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  darkBrandColor: string | null;

  @Column({ name: 'time_format', type: 'int', nullable: true })
  @Field(() => Int, { nullable: true, description: '12 or 24.' })
  timeFormat: number | null;

  @Column({ name: 'week_start', default: 'Sunday' })
  @Field()
  weekStart: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Field()
  createdAt: Date;
}

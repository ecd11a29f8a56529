import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export enum OAuthClientStatus {
  PENDING = 'PENDING',
  APPROVED = 'APPROVED',
  REJECTED = 'REJECTED',
}
registerEnumType(OAuthClientStatus, { name: 'OAuthClientStatus', description: 'Review state of an OAuth client.' });

@Entity({ name: 'oauth_clients' })
@ObjectType({ description: 'An application that acts for users with the scopes they grant it.' })
export class OAuthClient {
  /** The client id: 24 random hex characters. */
  @PrimaryColumn({ type: 'text' })
  @Field({ description: 'The client id.' })
  id: string;

  @Column({ type: 'text' })
  @Field()
  name: string;

  @Column({ name: 'owner_id', type: 'int' })
  @Field(() => Int, { description: 'The user who registered the client.' })
  ownerId: number;

  @Column({ name: 'redirect_uris', type: 'text', array: true })
  @Field(() => [String])
  redirectUris: string[];

  @Column({ type: 'text', array: true })
  @Field(() => [String])
  scopes: string[];

  @Column({ name: 'is_public', type: 'boolean' })
  @Field({ description: 'Public clients (apps that cannot keep a secret) have no client secret.' })
  isPublic: boolean;

  /** Hex SHA-256 of the client secret of a confidential client; never a GraphQL field. */
  @Column({ name: 'secret_hash', type: 'text', nullable: true })
  secretHash: string | null;

  @Column({ type: 'text', default: OAuthClientStatus.PENDING })
  @Field(() => OAuthClientStatus)
  status: OAuthClientStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Field()
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'reviewed_at', type: 'timestamptz', nullable: true })
  @Field(() => Date, { nullable: true, description: 'When a service admin approved or rejected the client.' })
  reviewedAt: Date | null;

  /** The service admin who reviewed it; null when an operator did (npm run admin). */
  @Column({ name: 'reviewed_by', type: 'int', nullable: true })
  reviewedBy: number | null;

  // Platform OAuth clients (reference "OAuth Clients"): managed by an organization's admins.

  @Column({ name: 'organization_id', type: 'int', nullable: true })
  @Field(() => Int, {
    nullable: true,
    description: 'The organization whose admins manage the client (platform OAuth clients); null for clients registered in the developer settings.',
  })
  organizationId: number | null;

  @Column({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'URL of the logo.' })
  logo: string | null;

  @Column({ name: 'booking_redirect_uri', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'Where the booker goes after booking.' })
  bookingRedirectUri: string | null;

  @Column({ name: 'booking_cancel_redirect_uri', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'Where the booker goes after cancelling.' })
  bookingCancelRedirectUri: string | null;

  @Column({ name: 'booking_reschedule_redirect_uri', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'Where the booker goes after rescheduling.' })
  bookingRescheduleRedirectUri: string | null;

  @Column({ name: 'are_emails_enabled', type: 'boolean', default: false })
  @Field({ description: 'Whether the service e-mails the managed users and their bookers.' })
  areEmailsEnabled: boolean;

  @Column({ name: 'are_default_event_types_enabled', type: 'boolean', default: false })
  @Field({ description: 'Whether new managed users get default event types.' })
  areDefaultEventTypesEnabled: boolean;

  @Column({ name: 'are_calendar_events_enabled', type: 'boolean', default: true })
  @Field({ description: "Whether bookings create events in the managed users' connected calendars." })
  areCalendarEventsEnabled: boolean;

  /** The secret's prefix and last 4 characters (`svc_cs_…abcd`): enough to tell secrets apart, never the secret. */
  @Column({ name: 'secret_hint', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: "The client secret's prefix and last 4 characters; the secret itself is shown only when it is created." })
  secretHint: string | null;
}

import { Field, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@ObjectType({ description: 'The workspace platform of a delegation credential.' })
export class WorkspacePlatform {
  @Field() name: string;
  @Field() slug: string;
}

/** A delegation credential (type 2.5): lets the service act for every user of a workspace domain. */
@Entity({ name: 'delegation_credentials' })
@ObjectType({ description: 'A delegation credential (type 2.5). The service account key is stored encrypted and never answered.' })
export class DelegationCredential {
  @PrimaryColumn()
  @Field()
  id: string;

  @Column()
  @Field({ description: 'Created disabled; enable it once the key is set up in the workspace.' })
  enabled: boolean;

  @Column()
  @Field({ description: 'Lower case; one delegation credential per domain across the service.' })
  domain: string;

  @Column({ name: 'organization_id' })
  @Field(() => Int)
  organizationId: number;

  @Column({ name: 'workspace_platform_slug' })
  workspacePlatformSlug: string;

  /** AES-256-GCM ciphertext (service-account-key-cipher.ts); no GraphQL field. */
  @Column({ name: 'encrypted_service_account_key', select: true })
  encryptedServiceAccountKey: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Field()
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  @Field()
  updatedAt: Date;
}

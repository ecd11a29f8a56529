import { Field, InputType } from 'type-graphql';

@InputType({ description: 'A workspace service account key (spec 4.3). Stored encrypted, never answered.' })
export class ServiceAccountKeyInput {
  @Field()
  private_key: string;

  @Field()
  client_email: string;

  @Field()
  client_id: string;
}

@InputType({ description: 'Body of POST /v2/organizations/{orgId}/delegation-credentials (spec 4.3).' })
export class CreateDelegationCredentialInput {
  @Field({ description: 'The workspace domain, such as example.com.' })
  domain: string;

  @Field({ description: '`google` or `office365`.' })
  workspacePlatformSlug: string;

  @Field(() => ServiceAccountKeyInput)
  serviceAccountKey: ServiceAccountKeyInput;
}

@InputType({ description: 'Body of PATCH /v2/organizations/{orgId}/delegation-credentials/{credentialId}.' })
export class UpdateDelegationCredentialInput {
  @Field({ nullable: true })
  enabled?: boolean;

  @Field(() => ServiceAccountKeyInput, { nullable: true, description: 'A new key disables the credential, unless the same body sets `enabled: true`.' })
  serviceAccountKey?: ServiceAccountKeyInput;
}

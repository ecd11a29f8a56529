import { IsOptional, Min, ValidateIf } from 'class-validator';
import { Field, InputType, Int } from 'type-graphql';

const MAX_USAGE_MESSAGE = 'maxUsageCount must be -1 (no count cap) or at least 1';

@InputType({ description: 'Body of POST …/private-links: with neither field the link can be used once.' })
export class CreatePrivateLinkInput {
  @Field(() => String, { nullable: true, description: 'ISO 8601 date-time after which the link cannot be used; in the future.' })
  expiresAt?: string | null;

  @Field(() => Int, { nullable: true, description: 'How many bookings the link allows; -1: no count cap. Default: 1 without expiresAt, no cap with it.' })
  @IsOptional()
  @ValidateIf((input: CreatePrivateLinkInput) => input.maxUsageCount !== -1)
  @Min(1, { message: MAX_USAGE_MESSAGE })
  maxUsageCount?: number | null;
}

@InputType({ description: 'Body of PATCH …/private-links/{linkId}: `expiresAt: null` removes the time limit, `maxUsageCount: -1` the count cap.' })
export class UpdatePrivateLinkInput {
  @Field(() => String, { nullable: true, description: 'ISO 8601 date-time in the future, or null for no time limit.' })
  expiresAt?: string | null;

  @Field(() => Int, { nullable: true, description: '-1 (no count cap) or at least 1.' })
  @IsOptional()
  @ValidateIf((input: UpdatePrivateLinkInput) => input.maxUsageCount !== -1)
  @Min(1, { message: MAX_USAGE_MESSAGE })
  maxUsageCount?: number | null;
}

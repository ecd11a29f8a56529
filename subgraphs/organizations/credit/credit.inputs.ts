import { Field, InputType, Int } from 'type-graphql';

@InputType({ description: 'Body of POST /v2/credits/charge (and the team and organization variants).' })
export class ChargeCreditsInput {
  @Field(() => Int, { description: 'Credits to take, at least 1; a charge larger than the balance is refused whole (409).' })
  credits: number;

  @Field({ nullable: true, description: "What the credits pay for: `SMS`, `CAL_AI_PHONE_CALL` or `AI_AGENT` (the real service's usage types)." })
  creditFor?: string;

  @Field({ nullable: true, description: "The caller's idempotency reference: a second charge with it answers the first." })
  externalRef?: string;
}

import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType({
  description:
    'A balance split as the real service answers it (its `balance` and `remainingBalance` objects): this API has no monthly allowance, so monthlyRemaining is 0 and every credit is additional (granted).',
})
export class CreditAmounts {
  @Field(() => Int, { description: 'Credits left of a monthly allowance: always 0 here (no plan grants monthly credits).' })
  monthlyRemaining: number;

  @Field(() => Int, { description: 'Credits left that were granted; never below zero.' })
  additional: number;
}

@ObjectType({ description: 'Credits available to a user or a team (GET /v2/credits/available).' })
export class CreditBalance {
  @Field({ description: 'True when the balance is above zero.' })
  hasCredits: boolean;

  @Field(() => Int, { description: 'Credits left; never below zero.' })
  balance: number;

  @Field(() => CreditAmounts, { description: "The same credits in the real service's split (REST answers them as `balance`)." })
  amounts: CreditAmounts;
}

@ObjectType({ description: 'A charge written to the credit ledger (POST /v2/credits/charge).' })
export class CreditCharge {
  @Field()
  charged: boolean;

  @Field(() => Int, { description: 'Credits taken by this charge.' })
  credits: number;

  @Field(() => Int, { description: 'The balance right after this charge.' })
  remainingBalance: number;

  @Field(() => CreditAmounts, { description: "The balance right after this charge in the real service's split (REST answers it as `remainingBalance`)." })
  remainingAmounts: CreditAmounts;

  @Field(() => Int, { nullable: true, description: "The team (or organization) whose credits were charged; null for the caller's own." })
  teamId: number | null;

  @Field(() => String, { nullable: true })
  creditFor: string | null;

  @Field(() => String, { nullable: true, description: "The caller's reference; charging again with it answers this charge, without charging twice." })
  externalRef: string | null;

  @Field({ description: 'False when the answer is an earlier charge with the same externalRef.' })
  newCharge: boolean;

  @Field()
  createdAt: Date;
}

import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'Credits available to a user or a team (GET /v2/credits/available).' })
export class CreditBalance {
  @Field({ description: 'True when the balance is above zero.' })
  hasCredits: boolean;

  @Field(() => Int, { description: 'Credits left; never below zero.' })
  balance: number;
}

@ObjectType({ description: 'A charge written to the credit ledger (POST /v2/credits/charge).' })
export class CreditCharge {
  @Field()
  charged: boolean;

  @Field(() => Int, { description: 'Credits taken by this charge.' })
  credits: number;

  @Field(() => Int, { description: 'The balance right after this charge.' })
  remainingBalance: number;

  @Field(() => String, { nullable: true })
  creditFor: string | null;

  @Field(() => String, { nullable: true, description: "The caller's reference; charging again with it answers this charge, without charging twice." })
  externalRef: string | null;

  @Field({ description: 'False when the answer is an earlier charge with the same externalRef.' })
  newCharge: boolean;

  @Field()
  createdAt: Date;
}

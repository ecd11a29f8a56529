import { GraphQLResolveInfo } from 'graphql';
import { Ctx, Directive, Field, Info, InputType, Int, Mutation, ObjectType, Resolver, Arg } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { BookerVerificationService } from './booker-verification.service';

@InputType({ description: "Body of POST /v2/bookings/email-verification-code: the event type to book and the attendee's e-mail." })
export class RequestBookerEmailCodeInput {
  @Field(() => Int, { description: 'An event type with requiresBookerEmailVerification: true.' }) eventTypeId: number;
  @Field({ description: "The e-mail the booking's attendee will have." }) email: string;
}

@ObjectType({ description: 'A verification code was mailed: send it as emailVerificationCode when booking.' })
export class BookerEmailCodeSent {
  @Field(() => Int) eventTypeId: number;
  @Field() email: string;
  @Field({ description: 'ISO 8601: the code books once until then (10 minutes).' }) expiresAt: string;
}

/** Public, like booking itself (spec 5.3): anyone about to book may ask for a code for their address. */
@Resolver()
export class BookerVerificationResolver {
  @Mutation(() => BookerEmailCodeSent, {
    description:
      'Mails a six-digit code to the booker (POST /v2/bookings/email-verification-code) for an event type with requiresBookerEmailVerification; the booking sends it as emailVerificationCode. Public; at most 5 codes per address and event type per hour.',
  })
  @Directive('@public')
  async requestBookerEmailVerificationCode(
    @Arg('input') input: RequestBookerEmailCodeInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<BookerEmailCodeSent> {
    const codes = new BookerVerificationService(ctx.db);
    // Sent again with its Idempotency-Key after a lost answer: the first answer, without a second e-mail.
    const sent = await keyedWrite(
      ctx,
      info,
      async (reference) => codes.recalled(reference),
      () => codes.requestCode(input.eventTypeId, input.email),
    );
    return { eventTypeId: sent.eventTypeId, email: sent.email, expiresAt: sent.expiresAt.toISOString() };
  }
}

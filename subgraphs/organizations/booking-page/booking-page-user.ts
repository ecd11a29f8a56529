import { Directive, Field, Int, ObjectType } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { userById } from '../user/user.loaders';

/**
 * What anyone may know of a user whose booking page is public: id, username, name and avatar, never the
 * e-mail. Other subgraphs point at it from public answers (the redirect of an out-of-office period, event type hosts).
 */
@ObjectType({ description: 'The public face of a user: their booking page is at their username.' })
@Directive('@key(fields: "id")')
export class BookingPageUser {
  @Field(() => Int)
  id: number;

  @Field()
  username: string;

  @Field()
  name: string;

  @Field(() => String, { nullable: true })
  avatarUrl: string | null;
}

export const bookingPageUserReference = {
  __resolveReference: async (ref: { id: number }, ctx: SubgraphContext): Promise<BookingPageUser | null> => {
    const user = await userById(ctx).load(Number(ref.id));
    return user ? Object.assign(new BookingPageUser(), { id: user.id, username: user.username, name: user.name, avatarUrl: user.avatarUrl }) : null;
  },
};

import { Directive, Field, Int, ObjectType } from 'type-graphql';

/** The organizations subgraph's BookingPageUser (id, username, name, avatarUrl): the public face of a user. */
@ObjectType({ description: 'The public face of a user: their booking page is at their username.' })
@Directive('@key(fields: "id", resolvable: false)')
export class BookingPageUser {
  @Field(() => Int)
  id: number;
}

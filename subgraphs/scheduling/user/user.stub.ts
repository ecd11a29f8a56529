import { Directive, Field, Int, ObjectType } from 'type-graphql';

/** The organizations subgraph's User, extended here with the user's bookings and booking limits. */
@ObjectType()
@Directive('@key(fields: "id")')
export class User {
  @Field(() => Int)
  id: number;
}

export const userReference = {
  __resolveReference: (ref: { id: number }) => Object.assign(new User(), { id: Number(ref.id) }),
};

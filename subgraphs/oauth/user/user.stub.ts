import { Directive, Field, Int, ObjectType } from 'type-graphql';

/** The organizations subgraph's User, referenced by id only. */
@ObjectType()
@Directive('@key(fields: "id", resolvable: false)')
export class User {
  @Field(() => Int)
  id: number;
}

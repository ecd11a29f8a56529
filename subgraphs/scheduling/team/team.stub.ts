import { Directive, Field, Int, ObjectType } from 'type-graphql';

/** The organizations subgraph's Team: scheduling only hands out references to it. */
@ObjectType()
@Directive('@key(fields: "id", resolvable: false)')
export class Team {
  @Field(() => Int)
  id: number;
}

import { Directive, Field, Int, ObjectType } from 'type-graphql';

/**
 * The scheduling subgraph's private link. The organizations subgraph knows the organization's slug,
 * so it contributes the full booking URL from the link's team and event type slug (@requires).
 */
@ObjectType()
@Directive('@key(fields: "linkId")')
export class PrivateLink {
  @Field()
  linkId: string;

  @Field(() => Int, { nullable: true })
  @Directive('@external')
  teamId: number | null;

  @Field()
  @Directive('@external')
  eventTypeSlug: string;
}

/** The representation the gateway sends carries the external fields the URL needs. */
export const privateLinkReference = {
  __resolveReference: (ref: { linkId: string; teamId?: number | null; eventTypeSlug?: string }) => Object.assign(new PrivateLink(), ref),
};

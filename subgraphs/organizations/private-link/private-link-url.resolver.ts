import { Ctx, Directive, FieldResolver, Resolver, Root } from 'type-graphql';
import { privateLinkBookingUrl } from '../../../platform/booking-url';
import { SubgraphContext } from '../../../platform/context';
import { teamById } from '../team/team.loaders';
import { PrivateLink } from './private-link.stub';

@Resolver(() => PrivateLink)
export class PrivateLinkUrlResolver {
  @FieldResolver(() => String, {
    description:
      "Full booking URL of the link, on the organization's subdomain when the event type's team belongs to an organization (svc-api-version 2024-09-04).",
  })
  @Directive('@requires(fields: "teamId eventTypeSlug")')
  async fullBookingUrl(@Root() link: PrivateLink, @Ctx() ctx: SubgraphContext): Promise<string> {
    const team = link.teamId == null ? null : await teamById(ctx).load(link.teamId);
    const organization = team?.parentId == null ? null : await teamById(ctx).load(team.parentId);
    return privateLinkBookingUrl(link.linkId, link.eventTypeSlug, organization?.slug);
  }
}

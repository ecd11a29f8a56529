import { Arg, Ctx, Directive, Int, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { Team } from '../team/team.entity';
import { User } from '../user/user.entity';
import { BookingPageOwnerService } from './booking-page-owner.service';

/** Who owns a public booking page, for the scheduling subgraph (slots and bookings by username or team slug). */
@Resolver()
export class BookingPageOwnerResolver {
  @Query(() => User, {
    nullable: true,
    description:
      'The user with this username (an accepted member of the organization, when its slug or id is given); null when none. For other subgraphs only.',
  })
  @Directive('@internal')
  userByUsername(
    @Arg('username') username: string,
    @Arg('organizationSlug', () => String, { nullable: true }) organizationSlug: string | null,
    @Ctx() ctx: SubgraphContext,
    @Arg('organizationId', () => Int, { nullable: true }) organizationId: number | null,
  ): Promise<User | null> {
    return new BookingPageOwnerService(ctx.db).userByUsername(username, organizationSlug, organizationId);
  }

  @Query(() => Team, {
    nullable: true,
    description:
      'The team with this slug (in the organization, when its slug is given; else a standalone team first); null when none. For other subgraphs only.',
  })
  @Directive('@internal')
  teamBySlug(
    @Arg('slug') slug: string,
    @Arg('organizationSlug', () => String, { nullable: true }) organizationSlug: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Team | null> {
    return new BookingPageOwnerService(ctx.db).teamBySlug(slug, organizationSlug);
  }
}

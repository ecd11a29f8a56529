import { SubgraphContext } from '../../../platform/context';
import { byKey } from '../../../platform/loaders';
import { PrivateLink } from './private-link.entity';
import { PrivateLinkService } from './private-link.service';

export const privateLinkById = (ctx: SubgraphContext) =>
  ctx.loaders.get<string, PrivateLink | null>('privateLinkById', async (ids) =>
    byKey(ids, await new PrivateLinkService(ctx.db).findByIds(ids), (l) => l.linkId),
  );

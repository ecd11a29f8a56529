import { SubgraphContext } from '../../../platform/context';
import { byKey } from '../../../platform/loaders';
import { User } from './user.entity';
import { UserService } from './user.service';

export const userById = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, User | null>('userById', async (ids) => byKey(ids, await new UserService(ctx.db).findByIds(ids), (u) => u.id));

import { SubgraphContext } from '../../../platform/context';
import { byKey } from '../../../platform/loaders';
import { Role } from './role.entity';
import { RoleService } from './role.service';

export const roleById = (ctx: SubgraphContext) =>
  ctx.loaders.get<string, Role | null>('roleById', async (ids) => byKey(ids, await new RoleService(ctx.db).findByIds(ids), (r) => r.id));

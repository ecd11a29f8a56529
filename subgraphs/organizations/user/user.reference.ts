import { SubgraphContext } from '../../../platform/context';
import { userById } from './user.loaders';

export const userReference = {
  __resolveReference: (ref: { id: number }, ctx: SubgraphContext) => userById(ctx).load(Number(ref.id)),
};

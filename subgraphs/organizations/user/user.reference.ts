import { SubgraphContext } from '../../kit/context';
import { userById } from '../loaders';

export const userReference = {
  __resolveReference: (ref: { id: number }, ctx: SubgraphContext) => userById(ctx).load(Number(ref.id)),
};

import { SubgraphContext } from '../../kit/context';
import { teamById } from '../loaders';

export const teamReference = {
  __resolveReference: (ref: { id: number }, ctx: SubgraphContext) => teamById(ctx).load(Number(ref.id)),
};

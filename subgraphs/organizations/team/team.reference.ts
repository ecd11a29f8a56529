import { SubgraphContext } from '../../../platform/context';
import { teamById } from './team.loaders';

export const teamReference = {
  __resolveReference: (ref: { id: number }, ctx: SubgraphContext) => teamById(ctx).load(Number(ref.id)),
};

import { SubgraphContext } from '../../kit/context';
import { eventTypeById } from '../loaders';

export const eventTypeReference = {
  __resolveReference: (ref: { id: number }, ctx: SubgraphContext) => eventTypeById(ctx).load(Number(ref.id)),
};

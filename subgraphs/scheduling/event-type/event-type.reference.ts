import { SubgraphContext } from '../../../platform/context';
import { eventTypeById } from './event-type.loaders';

export const eventTypeReference = {
  __resolveReference: (ref: { id: number }, ctx: SubgraphContext) => eventTypeById(ctx).load(Number(ref.id)),
};

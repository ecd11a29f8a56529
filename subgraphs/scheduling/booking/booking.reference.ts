import { SubgraphContext } from '../../kit/context';
import { bookingById } from '../loaders';

export const bookingReference = {
  __resolveReference: (ref: { id: number }, ctx: SubgraphContext) => bookingById(ctx).load(Number(ref.id)),
};

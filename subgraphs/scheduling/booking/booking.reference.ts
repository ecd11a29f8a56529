import { SubgraphContext } from '../../../platform/context';
import { bookingById } from './booking.loaders';

export const bookingReference = {
  __resolveReference: (ref: { id: number }, ctx: SubgraphContext) => bookingById(ctx).load(Number(ref.id)),
};

import { fairOrder } from './host-assignment';

/** The order round robin offers free hosts in (pure; the counts of upcoming bookings are passed in). */

describe('round robin is fair', () => {
  it('nine bookings for three free hosts: three each, taken in turn (fewest upcoming bookings first, ties by id)', () => {
    const upcoming = new Map<number, number>([
      [7, 0],
      [3, 0],
      [5, 0],
    ]);
    const chosen: number[] = [];
    for (let i = 0; i < 9; i++) {
      const host = fairOrder([7, 3, 5], upcoming)[0];
      chosen.push(host);
      upcoming.set(host, upcoming.get(host)! + 1);
    }
    expect(chosen).toEqual([3, 5, 7, 3, 5, 7, 3, 5, 7]);
  });
  it('a host with fewer upcoming bookings comes first', () => {
    expect(
      fairOrder(
        [1, 2, 3],
        new Map([
          [1, 4],
          [2, 1],
          [3, 2],
        ]),
      ),
    ).toEqual([2, 3, 1]);
  });
});

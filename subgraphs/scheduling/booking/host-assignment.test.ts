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

describe('priority comes before load (reference Host.priority)', () => {
  // Index in lowest, low, medium, high, highest.
  const HIGHEST = 4;
  const LOW = 1;
  it('a free host of higher priority is offered first, however many bookings they have', () => {
    const upcoming = new Map([
      [1, 0],
      [2, 9],
      [3, 0],
    ]);
    expect(
      fairOrder(
        [1, 2, 3],
        upcoming,
        new Map([
          [2, HIGHEST],
          [3, LOW],
        ]),
      ),
    ).toEqual([2, 1, 3]);
  });
  it('hosts of one priority are ordered by load, then by id', () => {
    expect(
      fairOrder(
        [4, 2, 3],
        new Map([
          [2, 3],
          [3, 1],
        ]),
        new Map([
          [2, HIGHEST],
          [3, HIGHEST],
          [4, HIGHEST],
        ]),
      ),
    ).toEqual([4, 3, 2]);
  });
});

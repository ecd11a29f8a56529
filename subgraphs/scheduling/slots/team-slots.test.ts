import { collectiveSlots, slotsWithMandatoryHosts, teamSlots } from './team-slots';

/** A team event type: a slot exists when at least one host is free, and lists the free hosts. */

const d = (hhmm: string) => new Date(`2026-03-02T${hhmm}:00.000Z`);
const show = (slots: ReturnType<typeof teamSlots>) => slots.map((s) => [s.start.toISOString().slice(11, 16), s.freeHostIds]);

describe('team slots are the union of the hosts’ slots', () => {
  it('each start appears once with every host free at it, in the order the hosts were given', () => {
    const slots = teamSlots([
      { hostId: 7, slots: [d('09:00'), d('10:00'), d('11:00')] },
      { hostId: 3, slots: [d('10:00'), d('12:00')] },
      { hostId: 5, slots: [d('11:00'), d('10:00')] },
    ]);
    expect(show(slots)).toEqual([
      ['09:00', [7]],
      ['10:00', [7, 3, 5]],
      ['11:00', [7, 5]],
      ['12:00', [3]],
    ]);
  });

  it('a host listed twice, or with a repeated slot, is named once', () => {
    expect(
      show(
        teamSlots([
          { hostId: 1, slots: [d('09:00'), d('09:00')] },
          { hostId: 1, slots: [d('09:00')] },
        ]),
      ),
    ).toEqual([['09:00', [1]]]);
  });

  it('no host is free: no slot', () => {
    expect(teamSlots([{ hostId: 1, slots: [] }])).toEqual([]);
    expect(teamSlots([])).toEqual([]);
  });

  it('slots that must have every host (collective) are those listing all of them', () => {
    const perHost = [
      { hostId: 1, slots: [d('09:00'), d('10:00')] },
      { hostId: 2, slots: [d('10:00')] },
    ];
    expect(show(teamSlots(perHost).filter((s) => s.freeHostIds.length === perHost.length))).toEqual([['10:00', [1, 2]]]);
  });
});

describe('collective slots need every host', () => {
  it('keeps only the starts at which all hosts are free', () => {
    const slots = teamSlots([
      { hostId: 7, slots: [d('09:00'), d('10:00'), d('11:00')] },
      { hostId: 3, slots: [d('10:00'), d('11:00')] },
      { hostId: 5, slots: [d('11:00'), d('10:00'), d('12:00')] },
    ]);
    expect(show(collectiveSlots(slots, 3))).toEqual([
      ['10:00', [7, 3, 5]],
      ['11:00', [7, 3, 5]],
    ]);
  });

  it('offers nothing when one host has no slot at all', () => {
    const slots = teamSlots([{ hostId: 7, slots: [d('09:00')] }]);
    expect(collectiveSlots(slots, 2)).toEqual([]);
  });
});

describe('round robin with mandatory hosts needs every mandatory host and one optional host', () => {
  const slots = teamSlots([
    { hostId: 1, slots: [d('09:00'), d('10:00'), d('11:00')] },
    { hostId: 2, slots: [d('10:00'), d('11:00'), d('12:00')] },
    { hostId: 3, slots: [d('09:00'), d('11:00'), d('12:00')] },
  ]);

  it('mandatory host 1, optional hosts 2 and 3: the starts where 1 and one of 2, 3 are free', () => {
    expect(show(slotsWithMandatoryHosts(slots, { mandatory: [1], optional: [2, 3] }))).toEqual([
      ['09:00', [1, 3]],
      ['10:00', [1, 2]],
      ['11:00', [1, 2, 3]],
    ]);
  });

  it('every host mandatory (no optional host): the starts where all of them are free', () => {
    expect(show(slotsWithMandatoryHosts(slots, { mandatory: [1, 2, 3], optional: [] }))).toEqual([['11:00', [1, 2, 3]]]);
  });

  it('mandatory hosts 1 and 2, optional host 3: 10:00 is gone (3 is busy), 12:00 too (1 is busy)', () => {
    expect(show(slotsWithMandatoryHosts(slots, { mandatory: [1, 2], optional: [3] }))).toEqual([['11:00', [1, 2, 3]]]);
  });
});

import { rosterChanges } from './team-roster-sync.service';

describe('rosterChanges (assignAllTeamMembers hosts follow the team)', () => {
  it.each([
    // current hosts, accepted members, expected { wanted, added, gone }
    [[1, 2], [1, 2, 3], { wanted: [1, 2, 3], added: [3], gone: [] }],
    [[1, 2, 3], [3, 1], { wanted: [1, 3], added: [], gone: [2] }],
    [[5], [4, 4, 6], { wanted: [4, 6], added: [4, 6], gone: [5] }],
    [[1, 2], [2, 1], { wanted: [1, 2], added: [], gone: [] }],
    [[1], [], { wanted: [], added: [], gone: [1] }],
  ])('hosts %j with members %j', (current, members, expected) => {
    expect(rosterChanges(current, members)).toEqual(expected);
  });
});

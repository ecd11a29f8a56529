import { scheduling } from '../../subgraphs/scheduling';
import { removeEventTypesOfDeletedTeam } from '../../subgraphs/scheduling/team/deleted-team.service';
import { startSubgraph } from '../../platform/server';
import { eventually } from '../support/eventually';
import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';

type Caller = Awaited<ReturnType<typeof userWithKey>>;

/**
 * Deleting a team removes its memberships (organizations subgraph) and its team event types
 * (scheduling subgraph) as one unit: the team and its memberships go in one transaction with a
 * `team_deletions` outbox row; the scheduling clean-up is called through the gateway and retried from
 * the outbox until it succeeds, also when the scheduling service is down at the time of the deletion.
 */
describe('DELETE /v2/teams/{teamId} across subgraphs', () => {
  let stack: TestStack;
  let owner: Caller;
  let member: Caller;
  const extraSubgraphs: Array<{ stop(): Promise<void> }> = [];

  beforeAll(async () => {
    process.env.TEAM_DELETION_POLL_MS = '200';
    stack = await startTestStack();
    [owner, member] = [await userWithKey(stack, { name: 'Olive Owner' }), await userWithKey(stack, { name: 'Mel Member' })];
  });
  afterAll(async () => {
    for (const s of extraSubgraphs) await s.stop();
    await stack.stop();
    delete process.env.TEAM_DELETION_POLL_MS;
  });

  /** A team with two event types hosted by both members; the second has a booking. */
  async function teamWithEventTypes(name: string) {
    const op = operatorOf(stack);
    const team = await op.createTeam({ name, ownerId: owner.user.id });
    await op.addMember({ teamId: team.id, userId: member.user.id, role: MembershipRole.MEMBER });
    const hostIds = [owner.user.id, member.user.id];
    const free = await op.createEventType({ title: 'Free', slug: 'free', lengthInMinutes: 30, teamId: team.id, hostIds });
    const booked = await op.createEventType({ title: 'Booked', slug: 'booked', lengthInMinutes: 30, teamId: team.id, hostIds });
    for (const eventType of [free, booked]) {
      await stack
        .db('scheduling')
        .query(`INSERT INTO private_links (link_id, event_type_id, max_usage_count) VALUES ($1, $2, -1)`, [`link-${eventType.id}`, eventType.id]);
    }
    await op.createBooking({
      eventTypeId: booked.id,
      hostId: owner.user.id,
      start: new Date(Date.now() + 86_400_000 * (10 + team.id)),
      attendee: { name: 'Guest', email: 'guest@example.com', timeZone: 'UTC' },
    });
    return { team, free, booked };
  }

  const eventTypeRows = (teamId: number) =>
    stack
      .db('scheduling')
      .query(
        'SELECT id, hidden, (SELECT count(*)::int FROM event_type_hosts h WHERE h.event_type_id = e.id) AS hosts FROM event_types e WHERE team_id = $1 ORDER BY id',
        [teamId],
      );
  const outboxRow = async (teamId: number) =>
    (await stack.db('organizations').query('SELECT attempts, completed_at, last_error FROM team_deletions WHERE team_id = $1', [teamId]))[0];

  it('removes the memberships at once and the team event types before the answer; a booked event type stays, hidden and without hosts, as the record of its bookings', async () => {
    const { team, booked } = await teamWithEventTypes('Alpha');
    const data = expectSuccess(await stack.rest('DELETE', `/v2/teams/${team.id}`, { key: owner.key }));
    expect(data).toMatchObject({ id: team.id, name: 'Alpha' });
    expect(await stack.db('organizations').query('SELECT id FROM memberships WHERE team_id = $1', [team.id])).toEqual([]);
    expect(await eventTypeRows(team.id)).toEqual([{ id: booked.id, hidden: true, hosts: 0 }]);
    expect(await stack.db('scheduling').query('SELECT count(*)::int AS n FROM bookings WHERE event_type_id = $1', [booked.id])).toEqual([{ n: 1 }]);
    expect(await stack.db('scheduling').query('SELECT link_id FROM private_links WHERE event_type_id = $1', [booked.id])).toEqual([]);
    expect(await outboxRow(team.id)).toMatchObject({ attempts: 1, completed_at: expect.any(Date), last_error: null });
    expectErrorEnvelope(await stack.rest('GET', `/v2/teams/${team.id}/event-types`, { key: member.key }), 403, 'FORBIDDEN');
  });

  it('the scheduling clean-up is idempotent: a second run changes nothing', async () => {
    const { team } = await teamWithEventTypes('Beta');
    expectSuccess(await stack.rest('DELETE', `/v2/teams/${team.id}`, { key: owner.key }));
    const before = await eventTypeRows(team.id);
    expect(await removeEventTypesOfDeletedTeam(stack.db('scheduling'), team.id)).toBe(0);
    expect(await eventTypeRows(team.id)).toEqual(before);
  });

  it('with the scheduling service down, the deletion still answers 200; the outbox retries until the event types are gone', async () => {
    const { team, free } = await teamWithEventTypes('Gamma');
    const down = stack.subgraphs.scheduling;
    const port = Number(new URL(down.url).port);
    await down.stop();

    expectSuccess(await stack.rest('DELETE', `/v2/teams/${team.id}`, { key: owner.key }));
    const pending = await outboxRow(team.id);
    expect(pending.completed_at).toBeNull();
    expect(pending.attempts).toBeGreaterThanOrEqual(1);
    expect(pending.last_error).toMatch(/unavailable/i);

    const restarted = await startSubgraph(scheduling, { databaseUrl: stack.databaseUrl, port, gatewayUrl: () => stack.gateway.internalUrl });
    extraSubgraphs.push(restarted);
    stack.subgraphs.scheduling = restarted;

    expect(await eventually(async () => (await outboxRow(team.id)).completed_at != null, { timeoutMs: 30_000 })).toBe(true);
    const rows = await eventTypeRows(team.id);
    expect(rows.map((r: any) => r.id)).not.toContain(free.id);
    expect(rows).toEqual([expect.objectContaining({ hidden: true, hosts: 0 })]);
  });
});

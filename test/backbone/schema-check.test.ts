import { composeSupergraph, readCheckedInApiSchema, runSchemaCheck } from '../../schema/compose';
import { AcceptedBreakingChange, checkApiSchema, formatCheck, readChangelog } from '../../schema/check';

/** The published API schema with one field removed and one argument renamed, as a careless change to the code would give. */
function altered(published: string): string {
  const withoutCreatedAt = published.replace(/(type Membership \{[\s\S]*?)\n {2}createdAt: DateTimeISO!/, '$1');
  const renamed = withoutCreatedAt.replace('booking(uid: String!): Booking!', 'booking(bookingUid: String!): Booking!');
  expect(renamed).not.toBe(withoutCreatedAt);
  expect(withoutCreatedAt).not.toBe(published);
  return renamed;
}

describe('npm run schema:check: the API schema composed from the code against the published schema/api.graphql', () => {
  it('passes for the code as it is (breaking changes recorded in schema/breaking-changes.json), printing the composition hints', async () => {
    const fresh = await composeSupergraph();
    const check = await runSchemaCheck(fresh, readCheckedInApiSchema());
    expect(check.report).toContain('composition hints');
    if (!check.ok) throw new Error(`schema check failed:\n${check.report}`);
  });

  it('fails on a removed field and a renamed argument, naming both, and passes once each is recorded with a reason', async () => {
    const published = readCheckedInApiSchema();
    const failed = await checkApiSchema(published, altered(published), readChangelog());
    expect(failed.ok).toBe(false);
    const paths = failed.unrecorded.map((c) => `${c.type} ${c.path}`);
    expect(paths).toEqual(expect.arrayContaining(['FIELD_REMOVED Membership.createdAt', 'FIELD_ARGUMENT_REMOVED Query.booking.uid']));
    const report = formatCheck(failed);
    expect(report).toContain("Field 'createdAt' was removed from object type 'Membership'");
    expect(report).toContain('Query.booking.uid');
    expect(paths).toContain('FIELD_ARGUMENT_ADDED Query.booking.bookingUid'); // a new required argument breaks callers too

    const changelog: AcceptedBreakingChange[] = failed.unrecorded.map((c) => ({
      type: c.type,
      path: c.path,
      date: '2025-01-01',
      reason: 'Test: no client reads it any more.',
    }));
    const passed = await checkApiSchema(published, altered(published), changelog);
    expect(passed.unrecorded).toEqual([]);
    expect(passed.ok).toBe(true);
    expect(passed.accepted.map(({ change }) => change.path)).toEqual(expect.arrayContaining(['Membership.createdAt', 'Query.booking.uid']));
    expect(formatCheck(passed)).toContain('BREAKING, accepted');
  });

  it('refuses a changelog entry without a date or a reason', async () => {
    const published = readCheckedInApiSchema();
    const result = await checkApiSchema(published, altered(published), [
      { type: 'FIELD_REMOVED', path: 'Membership.createdAt', date: 'yesterday', reason: '' },
    ]);
    expect(result.ok).toBe(false);
    expect(result.invalidEntries.join('\n')).toMatch(/date must be YYYY-MM-DD[\s\S]*reason/);
  });

  it('lists dangerous and safe changes without failing', async () => {
    const published = readCheckedInApiSchema();
    const withAddition = published.replace('type Membership {\n', 'type Membership {\n  """A note."""\n  note: String\n');
    const result = await checkApiSchema(published, withAddition, []);
    expect(result.ok).toBe(true);
    expect(result.safe.map((c) => c.path)).toContain('Membership.note');
  });
});

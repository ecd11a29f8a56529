import { Change, CriticalityLevel, diff } from '@graphql-inspector/core';
import { Supergraph } from '@apollo/federation-internals';
import { buildSchema, GraphQLSchema, lexicographicSortSchema, printSchema } from 'graphql';
import { existsSync, readFileSync } from 'node:fs';

import { API_SCHEMA_FILE, BREAKING_CHANGES_FILE, SCHEMA_DIR } from '../platform/schema-files';

export { API_SCHEMA_FILE, BREAKING_CHANGES_FILE, SCHEMA_DIR };

/** An accepted breaking change: which change (inspector's type and path, or its message), when, and why. */
export interface AcceptedBreakingChange {
  /** graphql-inspector's change type, e.g. FIELD_REMOVED, FIELD_ARGUMENT_REMOVED. */
  type?: string;
  /** The schema coordinate the change is at, e.g. `Membership.createdAt` or `Query.booking.uid`. */
  path?: string;
  /** Or the exact message the check printed (matches when type + path are not given). */
  message?: string;
  /** YYYY-MM-DD. */
  date: string;
  reason: string;
}

export interface SchemaCheckResult {
  ok: boolean;
  /** Breaking changes nobody recorded: the check fails on these. */
  unrecorded: Change[];
  /** Breaking changes with an entry in the changelog. */
  accepted: Array<{ change: Change; entry: AcceptedBreakingChange }>;
  dangerous: Change[];
  safe: Change[];
  /** Changelog entries that are not well formed (no date or no reason): the check fails on these too. */
  invalidEntries: string[];
}

/** The API schema of a supergraph (what clients see: no join__/link__ internals, no @inaccessible elements), printed sorted. */
export function apiSdlOf(supergraphSdl: string): string {
  const api = Supergraph.build(supergraphSdl).apiSchema().toGraphQLJSSchema();
  return `${printSchema(lexicographicSortSchema(api)).trim()}\n`;
}

function matches(entry: AcceptedBreakingChange, change: Change): boolean {
  if (entry.type || entry.path) return (!entry.type || entry.type === change.type) && (!entry.path || entry.path === change.path);
  return entry.message === change.message;
}

function validate(entries: AcceptedBreakingChange[]): string[] {
  const problems: string[] = [];
  entries.forEach((entry, i) => {
    const name = `entry ${i + 1} (${entry.path ?? entry.message ?? '?'})`;
    if (!entry.path && !entry.message && !entry.type) problems.push(`${name}: names no change (type + path, or message)`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(entry.date ?? '')) problems.push(`${name}: date must be YYYY-MM-DD`);
    if (!entry.reason || entry.reason.trim().length < 10) problems.push(`${name}: a reason (at least a sentence) is required`);
  });
  return problems;
}

/**
 * Compares the published API schema with a new one: BREAKING changes fail unless the changelog
 * records each (with a date and a reason); DANGEROUS and SAFE changes are only listed.
 */
export async function checkApiSchema(
  published: string | GraphQLSchema,
  fresh: string | GraphQLSchema,
  changelog: AcceptedBreakingChange[],
): Promise<SchemaCheckResult> {
  const asSchema = (s: string | GraphQLSchema) => (typeof s === 'string' ? buildSchema(s) : s);
  const changes = await diff(asSchema(published), asSchema(fresh));
  const result: SchemaCheckResult = { ok: true, unrecorded: [], accepted: [], dangerous: [], safe: [], invalidEntries: validate(changelog) };
  for (const change of changes) {
    if (change.criticality.level === CriticalityLevel.Breaking) {
      const entry = changelog.find((e) => matches(e, change));
      if (entry) result.accepted.push({ change, entry });
      else result.unrecorded.push(change);
    } else if (change.criticality.level === CriticalityLevel.Dangerous) result.dangerous.push(change);
    else result.safe.push(change);
  }
  result.ok = result.unrecorded.length === 0 && result.invalidEntries.length === 0;
  return result;
}

export function readChangelog(file = BREAKING_CHANGES_FILE): AcceptedBreakingChange[] {
  if (!existsSync(file)) return [];
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { accepted?: AcceptedBreakingChange[] };
  return parsed.accepted ?? [];
}

/** The report `npm run schema:check` prints, with a ready-to-fill changelog entry per unrecorded breaking change. */
export function formatCheck(result: SchemaCheckResult): string {
  const lines: string[] = [];
  const list = (title: string, changes: Change[]) => {
    if (changes.length === 0) return;
    lines.push(`${title} (${changes.length}):`);
    for (const c of changes) lines.push(`  - [${c.type}] ${c.path ?? ''}: ${c.message}`);
  };
  list('BREAKING, not recorded in schema/breaking-changes.json', result.unrecorded);
  if (result.accepted.length) {
    lines.push(`BREAKING, accepted (${result.accepted.length}):`);
    for (const { change, entry } of result.accepted)
      lines.push(`  - [${change.type}] ${change.path ?? ''}: ${change.message} (${entry.date}: ${entry.reason})`);
  }
  list('DANGEROUS', result.dangerous);
  list('SAFE', result.safe);
  for (const problem of result.invalidEntries) lines.push(`invalid changelog ${problem}`);
  if (result.unrecorded.length) {
    const today = new Date().toISOString().slice(0, 10);
    lines.push('', 'To accept them, add to "accepted" in schema/breaking-changes.json:');
    for (const c of result.unrecorded)
      lines.push(`  ${JSON.stringify({ type: c.type, path: c.path, date: today, reason: 'WHY clients can live with this' })},`);
  }
  if (lines.length === 0) lines.push('no changes to the API schema');
  return lines.join('\n');
}

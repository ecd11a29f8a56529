/**
 * Where the reference document (`test/reference/openapi-v2.json`) says one thing of an answer and the real
 * service answers another, and where we answer otherwise on purpose: one table each, read by
 * `reference-shapes.ts` before it validates an answer, and written out in docs/compatibility.md ("The
 * reference document's quirks"; the deviations in their own sections).
 *
 * An entry names the operations (`METHOD /v2/path` as the reference writes it) and the JSON path in the
 * answer (`/data/user`; `*` is every item of an array); the answer is validated there against `schema`
 * instead of the reference's (a JSON Schema; `ref(Name)` is the reference's component of that name).
 * An entry whose path the operation's schema does not have fails the validation: no stale entry stays.
 */

type Json = any;

/** The reference's component `name`, as a JSON Schema reference ajv resolves. */
export function ref(name: string): Json {
  return { $ref: `reference#/components/schemas/${name}` };
}

export interface AnswerCorrection {
  operations: string[];
  /** JSON path inside the answer: `/data`, `/data/user`, `/data/*\/user`. */
  path: string;
  schema: Json;
  /** What the reference says there. */
  reference: string;
  /** What the real service and we answer there (a deviation: what we answer). */
  answer: string;
  /** Why we follow the real service (a deviation: the row of docs/compatibility.md). */
  why: string;
}

const TEAM_MEMBERSHIP_READS = ['GET /v2/teams/{teamId}/memberships/{membershipId}', 'GET /v2/organizations/{orgId}/teams/{teamId}/memberships/{membershipId}'];
const TEAM_MEMBERSHIP_WRITES = [
  'POST /v2/teams/{teamId}/memberships',
  'PATCH /v2/teams/{teamId}/memberships/{membershipId}',
  'DELETE /v2/teams/{teamId}/memberships/{membershipId}',
  'POST /v2/organizations/{orgId}/teams/{teamId}/memberships',
  'PATCH /v2/organizations/{orgId}/teams/{teamId}/memberships/{membershipId}',
  'DELETE /v2/organizations/{orgId}/teams/{teamId}/memberships/{membershipId}',
];
const ORG_MEMBERSHIP_ONE = [
  'POST /v2/organizations/{orgId}/memberships',
  'GET /v2/organizations/{orgId}/memberships/{membershipId}',
  'PATCH /v2/organizations/{orgId}/memberships/{membershipId}',
  'DELETE /v2/organizations/{orgId}/memberships/{membershipId}',
];

/** The reference document's quirks on answers: it contradicts itself or the real service, which we follow. */
export const REFERENCE_QUIRKS: AnswerCorrection[] = [
  {
    operations: ['GET /v2/teams/{teamId}/memberships'],
    path: '/data',
    schema: { type: 'array', items: ref('TeamMembershipOutput') },
    reference: 'one TeamMembershipOutput (GetTeamMembershipsOutput.data)',
    answer: 'an array of TeamMembershipOutput',
    why: "a list of the team's memberships (take/skip/emails filter it); the real service's e2e spec reads `data.length` and `data[0]`, and the organization-team path's schema of the same list is an array",
  },
  {
    operations: ['GET /v2/organizations/{orgId}/memberships'],
    path: '/data',
    schema: { type: 'array', items: ref('OrganizationMembershipOutput') },
    reference: 'one OrganizationMembershipOutput (GetAllOrgMemberships.data)',
    answer: 'an array of OrganizationMembershipOutput',
    why: 'the schema is named "all memberships" and the operation is paginated with take/skip; the real service answers its list of memberships',
  },
];

/**
 * Components whose optional properties the real service answers as `null` when unset, where the reference
 * declares them optional but not nullable: its DTOs write `@ApiPropertyOptional()` over database columns
 * that are `NULL` until set (a team's logo, theme and colours, a user's avatar and bio), and answer the row.
 */
export const NULL_WHEN_UNSET: Record<string, string> = {
  TeamOutputDto:
    'logoUrl, calVideoLogo, appLogo, appIconLogo, bio, theme, brandColor, darkBrandColor, bannerUrl, timeFormat, parentId, slug: NULL columns of the team until set',
  OrgTeamOutputDto: 'the same columns of an organization team',
  MembershipUserOutputDto: "avatarUrl, bio, username: NULL columns of the member's account until set",
};

/** Deliberate deviations (docs/compatibility.md), where the validator reads our documented answer instead. */
export const REFERENCE_DEVIATIONS: AnswerCorrection[] = [
  {
    operations: [...TEAM_MEMBERSHIP_READS, ...TEAM_MEMBERSHIP_WRITES, ...ORG_MEMBERSHIP_ONE],
    path: '/data/user',
    schema: { anyOf: [ref('MembershipUserOutputDto'), { type: 'null' }] },
    reference: 'MembershipUserOutputDto, required',
    answer: 'null while the membership is not accepted, to anybody but its person',
    why: 'docs/compatibility.md, "Memberships: consent (issue 21)", row 3',
  },
  {
    operations: ['GET /v2/teams/{teamId}/memberships', 'GET /v2/organizations/{orgId}/teams/{teamId}/memberships', 'GET /v2/organizations/{orgId}/memberships'],
    path: '/data/*/user',
    schema: { anyOf: [ref('MembershipUserOutputDto'), { type: 'null' }] },
    reference: 'MembershipUserOutputDto, required',
    answer: 'null while the membership is not accepted, to anybody but its person',
    why: 'docs/compatibility.md, "Memberships: consent (issue 21)", row 3',
  },
];

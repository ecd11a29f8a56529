/**
 * Where the reference document (`test/reference/openapi-v2.json`) says one thing of an answer and the real
 * service answers another, and where we answer otherwise on purpose: one table each, read by
 * `reference-shapes.ts` before it validates an answer, and written out in docs/compatibility.md ("The
 * reference document's quirks"; the deviations in their own sections).
 *
 * An entry names either operations (`METHOD /v2/path` as the reference writes it) and a JSON path in their
 * answers (`/data/user`; `*` is every item of an array), or components of the reference and properties of
 * theirs (wherever an answer holds them); the answer is validated there against the entry's `schema` instead
 * of the reference's (a JSON Schema; `ref(Name)` is the reference's component of that name). An entry whose
 * path or property the reference does not have fails the validation: no stale entry stays.
 */

type Json = any;

/** The reference's component `name`, as a JSON Schema reference ajv resolves. */
export function ref(name: string): Json {
  return { $ref: `reference#/components/schemas/${name}` };
}

interface Reasoned {
  /** What the reference says there. */
  reference: string;
  /** What the real service and we answer there (a deviation: what we answer). */
  answer: string;
  /** Why we follow the real service (a deviation: the row of docs/compatibility.md). */
  why: string;
}

/** A correction of one place in the answers of some operations. */
export interface AnswerCorrection extends Reasoned {
  operations: string[];
  /** JSON path inside the answer: `/data`, `/data/user`, `/data/*\/user`; `''` the whole answer (of an operation the reference gives no schema). */
  path: string;
  schema: Json;
}

/** A correction of properties of reference components, wherever an answer holds them. */
export interface ComponentCorrection extends Reasoned {
  components: string[];
  properties: string[];
  /** The properties' schema; `null`: the reference's own schema of each, or null. */
  schema: Json | null;
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

const VERIFIED_RESOURCE_PATHS = [
  '/v2/verified-resources',
  '/v2/teams/{teamId}/verified-resources',
  '/v2/organizations/{orgId}/teams/{teamId}/verified-resources',
];
const OWNER_IDS = { userId: { type: ['number', 'null'] }, teamId: { type: ['number', 'null'] } };
const VERIFIED_EMAIL = {
  type: 'object',
  required: ['id', 'email', 'userId', 'teamId'],
  properties: { id: { type: 'number' }, email: { type: 'string' }, ...OWNER_IDS },
};
const VERIFIED_PHONE = {
  type: 'object',
  required: ['id', 'phoneNumber', 'userId', 'teamId'],
  properties: { id: { type: 'number' }, phoneNumber: { type: 'string' }, ...OWNER_IDS },
};

/** A verified-resource answer: the reference declares every one of them a ScheduleOutput. */
function verifiedAnswer(operations: string[], schema: Json, envelope: string): AnswerCorrection {
  return {
    operations,
    path: '/data',
    schema,
    reference: `a ScheduleOutput (${envelope}.data)`,
    answer:
      schema.type === 'array'
        ? 'the verified resources, `[{id, email | phoneNumber, userId, teamId}]`'
        : 'the verified resource, `{id, email | phoneNumber, userId, teamId}`',
    why: "a generator mistake: every verified-resource output DTO's `data` points at ScheduleOutput; the real service answers its verified e-mail / phone rows",
  };
}

const ROUTING_UNSET =
  "only one outcome of a route applies to a response; an unset optional field is null in this API's answers (GraphQL), the rule every answer is read with by test/support/reference-components.ts";

const TEAM_COLUMNS = [
  'parentId',
  'slug',
  'logoUrl',
  'calVideoLogo',
  'appLogo',
  'appIconLogo',
  'bio',
  'theme',
  'brandColor',
  'darkBrandColor',
  'bannerUrl',
  'timeFormat',
];

/** `{status: "success", data}` around `data` (`pagination` beside it on a paginated list). */
function envelope(data: Json): Json {
  return { type: 'object', required: ['status', 'data'], properties: { status: { type: 'string', enum: ['success'] }, data, pagination: { type: 'object' } } };
}

/** An out-of-office entry as docs/decisions.md ("Out of office lives in scheduling") writes it, its input's names and reasons. */
const OOO_ENTRY = {
  type: 'object',
  required: ['id', 'uuid', 'userId', 'toUserId', 'start', 'end', 'notes', 'reason'],
  additionalProperties: false,
  properties: {
    id: { type: 'number' },
    uuid: { type: 'string' },
    userId: { type: 'number' },
    toUserId: { type: ['number', 'null'] },
    start: { type: 'string', format: 'date-time' },
    end: { type: 'string', format: 'date-time' },
    notes: { type: ['string', 'null'] },
    reason: { type: 'string', enum: ['unspecified', 'vacation', 'travel', 'sick', 'public_holiday'] },
  },
};

const UNDOCUMENTED = 'no schema: a bare `200`/`201`';

/** Operations the reference documents with no answer schema, and the answer we validate instead (path `''`: the whole answer). */
function undocumented(operations: string[], data: Json, answer: string, why: string): AnswerCorrection {
  return { operations, path: '', schema: envelope(data), reference: UNDOCUMENTED, answer, why };
}

const OOO_WHY =
  'the reference declares the input (`CreateOutOfOfficeEntryDto`) and no output; the entry is answered with the names of its input, as docs/decisions.md ("Out of office lives in scheduling") writes it';
const CALLBACK_WHY =
  'the real service redirects the browser there; this API answers the envelope and the client\'s page redirects (docs/decisions.md, "Callback answers")';

/** The reference document's quirks on answers: it contradicts itself or the real service, which we follow. */
export const REFERENCE_QUIRKS: Array<AnswerCorrection | ComponentCorrection> = [
  {
    components: ['TeamOutputDto', 'OrgTeamOutputDto'],
    properties: TEAM_COLUMNS,
    schema: null,
    reference: 'optional, not nullable',
    answer: 'null until set',
    why: 'NULL columns of the team: the real service answers its row, and its DTOs write `@ApiPropertyOptional()` over `string | null` without `nullable`',
  },
  {
    components: ['MembershipUserOutputDto'],
    properties: ['avatarUrl', 'bio', 'username', 'name'],
    schema: null,
    reference: 'optional, not nullable',
    answer: 'null until set',
    why: "NULL columns of the member's account: the same",
  },
  {
    components: ['UserWebhookOutputDto', 'EventTypeWebhookOutputDto', 'TeamWebhookOutputDto', 'OAuthClientWebhookOutputDto'],
    properties: ['triggers'],
    schema: { type: 'array', items: { type: 'string' } },
    reference: 'an array of objects',
    answer: 'an array of trigger names (`["BOOKING_CREATED", …]`)',
    why: "the input's `triggers` are names (CreateWebhookInputDto's enum) and the real service answers them back; its e2e specs compare them with the names sent",
  },
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
  {
    components: ['AssignedOptionOutput'],
    properties: ['assignedUserIds'],
    schema: { type: 'array', items: { type: 'number' } },
    reference: 'an array of strings',
    answer: 'an array of user ids, numbers',
    why: 'the reference contradicts itself: its own example is `[124, 224]`, and user ids are numbers everywhere else (`userId` of the same answers); docs/decisions.md, attributes',
  },
  {
    operations: [
      'GET /v2/organizations/{orgId}/routing-forms/{routingFormId}/responses',
      'GET /v2/organizations/{orgId}/teams/{teamId}/routing-forms/{routingFormId}/responses',
    ],
    path: '/data',
    schema: { type: 'array', items: ref('RoutingFormResponseOutput') },
    reference: 'one RoutingFormResponseOutput (GetRoutingFormResponsesOutput.data)',
    answer: 'an array of them',
    why: "a list of the form's responses, filtered and paginated (take/skip, sortCreatedAt, afterCreatedAt, …): the real service answers the list",
  },
  {
    components: ['RoutingFormResponseOutput'],
    properties: ['routedToBookingUid'],
    schema: null,
    reference: 'a string, required',
    answer: 'null until the response leads to a booking',
    why: 'a NULL column of the response until a booking is made from it: the real service answers its row',
  },
  {
    components: ['CreateRoutingFormResponseOutputData'],
    properties: ['routingCustomMessage', 'routingExternalRedirectUrl'],
    schema: null,
    reference: 'optional, not nullable',
    answer: 'null where it does not apply (the route is not a custom page, not an external URL)',
    why: ROUTING_UNSET,
  },
  {
    components: ['Routing'],
    properties: ['teamMemberEmail', 'skipContactOwner', 'crmAppSlug', 'crmOwnerRecordType'],
    schema: null,
    reference: 'optional, not nullable',
    answer: 'null where it does not apply (no CRM contact owner)',
    why: ROUTING_UNSET,
  },
  {
    operations: ['POST', 'GET', 'PATCH', 'DELETE'].map(
      (method) => `${method} /v2/organizations/{orgId}/teams/{teamId}/workflows${method === 'POST' ? '' : '/{workflowId}'}`,
    ),
    path: '/data',
    schema: ref('WorkflowOutput'),
    reference: 'an array of WorkflowOutput (GetWorkflowOutput.data, shared with nothing else)',
    answer: 'the one workflow created, read, updated or deleted',
    why: 'an operation on one workflow answers that workflow, as every other create, read, update and delete of the reference does; the real service answers the object',
  },
  {
    components: ['WorkflowStepOutputDto'],
    properties: ['email', 'phone'],
    schema: null,
    reference: 'optional, not nullable',
    answer: "null where the step's action does not use it (an e-mail step has no phone; a step to the attendee no address of its own)",
    why: 'NULL columns of the step: the real service answers its row',
  },
  {
    components: ['WorkflowMessageOutputDto'],
    properties: ['html', 'text'],
    schema: null,
    reference: 'optional, not nullable',
    answer: 'null for the body the step does not send (`text` of an e-mail step, `html` of a text message)',
    why: 'the same',
  },
  ...VERIFIED_RESOURCE_PATHS.flatMap((prefix) => [
    verifiedAnswer(
      [`POST ${prefix}/emails/verification-code/verify`, `GET ${prefix}/emails/{id}`],
      VERIFIED_EMAIL,
      'UserVerifiedEmailOutput / TeamVerifiedEmailOutput',
    ),
    verifiedAnswer(
      [`POST ${prefix}/phones/verification-code/verify`, `GET ${prefix}/phones/{id}`],
      VERIFIED_PHONE,
      'UserVerifiedPhoneOutput / TeamVerifiedPhoneOutput',
    ),
    verifiedAnswer([`GET ${prefix}/emails`], { type: 'array', items: VERIFIED_EMAIL }, 'UserVerifiedEmailsOutput / TeamVerifiedEmailsOutput'),
    verifiedAnswer([`GET ${prefix}/phones`], { type: 'array', items: VERIFIED_PHONE }, 'UserVerifiedPhonesOutput / TeamVerifiedPhonesOutput'),
  ]),
  {
    components: ['ConferencingAppsOutputDto'],
    properties: ['userId'],
    schema: null,
    reference: 'a number, required',
    answer: "null for an organization team's connection (`…/teams/{teamId}/conferencing`)",
    why: "a team's connection belongs to the team, not to a user: the real service answers the credential row, whose user is NULL, with the same DTO",
  },
  undocumented(
    ['POST', 'PATCH', 'DELETE'].map((method) => `${method} /v2/organizations/{orgId}/users/{userId}/ooo${method === 'POST' ? '' : '/{oooId}'}`),
    OOO_ENTRY,
    'the entry `{id, uuid, userId, toUserId, start, end, notes, reason}`',
    OOO_WHY,
  ),
  undocumented(
    ['GET /v2/organizations/{orgId}/users/{userId}/ooo', 'GET /v2/organizations/{orgId}/ooo'],
    { type: 'array', items: OOO_ENTRY },
    'the entries, paginated',
    OOO_WHY,
  ),
  undocumented(
    ['GET /v2/calendars/{calendar}/save'],
    { type: 'object', required: ['credentialId', 'redirectUrl'], properties: { credentialId: { type: 'number' }, redirectUrl: { type: ['string', 'null'] } } },
    '`{credentialId, redirectUrl}`: the credential saved and the `redir` given to connect',
    CALLBACK_WHY,
  ),
  undocumented(
    ['GET /v2/conferencing/{app}/oauth/callback', 'GET /v2/organizations/{orgId}/teams/{teamId}/conferencing/{app}/oauth/callback'],
    {
      type: 'object',
      required: ['connection', 'redirectUrl'],
      properties: { connection: ref('ConferencingAppsOutputDto'), redirectUrl: { type: ['string', 'null'] } },
    },
    '`{connection, redirectUrl}`: the connection saved (as connect answers it) and the `returnTo` given to auth-url',
    CALLBACK_WHY,
  ),
  undocumented(
    ['POST /v2/calendars/{calendar}/credentials'],
    ref('CreateIcsFeedOutput'),
    'the calendar credential `{id, type, userId, teamId, appId, invalid}`, never the password',
    'the calendar credential saved, as saving an ICS feed answers it (spec 2.10, `CreateIcsFeedOutput`)',
  ),
];

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
  {
    operations: ['GET /v2/calendars'],
    path: '/data/destinationCalendar',
    schema: { anyOf: [ref('DestinationCalendarsOutputDto'), { type: 'null' }] },
    reference: 'DestinationCalendar `{id, integration, externalId, primaryEmail, userId, eventTypeId, credentialId, …}`, required',
    answer: '`{userId, integration, externalId, credentialId}` as `PUT /v2/destination-calendars` answers it, or null while none is set',
    why: 'docs/compatibility.md, "Calendars (issue 22)"',
  },
];

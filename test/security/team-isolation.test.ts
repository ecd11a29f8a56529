import { DEFAULT_LIMITS } from '../../gateway/operation-limits/limits';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { getNamedType, GraphQLArgument, GraphQLField, isInputObjectType, isNonNullType, isObjectType, Kind } from 'graphql';
import { RouteEntry } from '../../gateway/rest/route';
import { ROUTES } from '../../gateway/rest/routes';
import { MembershipService } from '../../subgraphs/organizations/membership/membership.service';
import { AttributeType } from '../../subgraphs/organizations/attribute/attribute.entity';
import { AttributeService } from '../../subgraphs/organizations/attribute/attribute.service';
import { DelegationCredentialService } from '../../subgraphs/organizations/delegation-credential/delegation-credential.service';
import { ManagedOrganizationService } from '../../subgraphs/organizations/managed-organization/managed-organization.service';
import { ApiKeyService } from '../../subgraphs/oauth/api-key/api-key.service';
import { OutOfOfficeService } from '../../subgraphs/scheduling/out-of-office/out-of-office.service';
import { BookingStatus } from '../../subgraphs/scheduling/booking-record/booking.entity';
import { EventType } from '../../subgraphs/scheduling/event-type/event-type.entity';
import { PrivateLinkService } from '../../subgraphs/scheduling/private-link/private-link.service';
import { encryptProviderSecret } from '../../subgraphs/integrations/provider-secret';
import { MembershipRole, operatorOf } from '../support/fixtures';
import { inBatches } from '../support/in-batches';
import { oauthClient } from '../support/oauth';
import {
  isPublicField,
  minimalBodyOf,
  minimalInput,
  operationOf,
  rootDefinition,
  rootFieldOf,
  selectionOf,
  selectionWithinTokenLimit,
  supergraph,
} from '../support/route-walk';
import { startTestStack, TestStack } from '../support/stack';

/**
 * Issue: "A member of team A can never read or change team B's data, whatever route or GraphQL path
 * is used." Two organizations, a sibling team inside A's organization and a standalone team each hold
 * "B" data (memberships, team and personal event types with hosts, private links, booking fields,
 * schedules, bookings, webhooks, booking limits, a custom role). Team A's owner, admin and member, and
 * the owner of A's organization, then walk every route of the REST table and every root field of the
 * supergraph that takes an id, with B's ids (and A's ids mixed with B's), and B's rows must be exactly
 * as they were.
 *
 * Everything named for B carries the marker "bravo" (names, e-mails, usernames, slugs, URLs), so a
 * leak is found by searching an answer's JSON for it, and for B's uids, link ids and role ids.
 */

const MARKER = 'bravo';

interface Person {
  id: number;
  key: string;
  email: string;
  username: string;
  /** A platform OAuth client of theirs (owners only): the caller of /v2/oauth-clients/{clientId}/webhooks. */
  client?: { id: string; secret: string };
}

/** The values a path parameter (or GraphQL argument) can take: one of A's, or one of B's. */
type ParamName =
  | 'orgId'
  | 'teamId'
  | 'eventTypeId'
  | 'linkId'
  | 'membershipId'
  | 'userId'
  | 'scheduleId'
  | 'bookingUid'
  | 'roleId'
  | 'webhookId'
  | 'deliveryId'
  | 'apiKeyId'
  | 'attributeId'
  | 'optionId'
  | 'attributeOptionId'
  | 'attributeSlug'
  | 'credentialId'
  | 'managedOrganizationId'
  | 'oooId'
  | 'permission'
  | 'id'
  | 'clientId'
  | 'attendeeId'
  | 'uid'
  | 'app'
  | 'calendar'
  | 'eventUid'
  | 'routingFormId'
  | 'responseId'
  | 'workflowId';
type Values = Partial<Record<ParamName, Array<string | number>>>;

/** One team of "B" and everything it holds. */
interface Bundle {
  label: string;
  orgId: number | null;
  teamId: number;
  teamSlug: string;
  owner: Person;
  member: Person;
  teamEventTypeId: number;
  teamEventTypeSlug: string;
  personalEventTypeId: number;
  bookingUids: string[];
  attendeeEmail: string;
  /** B's side of every parameter. */
  values: Values;
  /** B's webhooks of the families that are reached through their owner's path (the controls write them). */
  hooks: { organization: number | null; teamEventType: number; oAuthClient: number };
}

interface World {
  orgA: number;
  teamA: number;
  aOwner: Person;
  aAdmin: Person;
  aMember: Person;
  /** OWNER of A's organization, in no team: an organization admin of A. */
  orgAOwner: Person;
  /** MEMBER of team A, invited as ADMIN of B's standalone team (membership not accepted). */
  aInvitee: Person;
  /** The team of B the invitee is invited to. */
  inviteeTeamId: number;
  /** A's side of every parameter. */
  a: Record<ParamName, string | number>;
  orgB: number;
  orgBSlug: string;
  bundles: Bundle[];
  /** Every id that belongs to B, by kind, to search answers with. */
  b: { teamIds: Set<number>; userIds: Set<number>; eventTypeIds: Set<number>; strings: Set<string> };
}

type Caller = 'aOwner' | 'aAdmin' | 'aMember' | 'orgAOwner' | 'aInvitee';
const CALLERS: Caller[] = ['aOwner', 'aAdmin', 'aMember', 'orgAOwner'];
/** With the invitee: a member of team A whose ADMIN membership of B's standalone team is not accepted (it sees its own invitation in /v2/me, so it only walks the routes that address B). */
const TARGETING_CALLERS: Caller[] = [...CALLERS, 'aInvitee'];
/** B's teams a caller has no right to: the owner of A's organization legitimately manages the sibling team. */
const bundlesFor = (world: World, caller: Caller) => world.bundles.filter((b) => !(caller === 'orgAOwner' && b.orgId === world.orgA));

/**
 * A's values that are one caller's own rather than team A's (set up in beforeAll): A's schedule is the
 * admin's, who also hosts A's booking (and so its attendee); A's user is the member, with its time off and
 * its membership of team A.
 */
const OWN_VALUES: Partial<Record<Caller, ParamName[]>> = {
  aAdmin: ['scheduleId', 'bookingUid', 'attendeeId'],
  aMember: ['userId', 'oooId', 'membershipId'],
};

/**
 * Whether `caller` sends a request whose ids are `values` (one of the mixes of `bundle`'s ids with A's).
 * A's callers have the same rights on B (none), and on A's team the owner's role reaches whatever the
 * admin's and the member's reach (every @pbac role list is upward closed: checked below), so team A's
 * owner sends every mix (the full walk), and the admin and the member send the mixes that carry one of
 * their own values (OWN_VALUES), the only place their rights in A could reach further than the owner's.
 * The owner of A's organization sends every mix too: its organization-wide rights are its own, on every
 * path. The invitee sends the mixes of the team it is invited to (elsewhere it is a member of team A
 * without values of its own).
 */
function sends(world: World, caller: Caller, bundle: Bundle, values: Record<string, string | number | null>): boolean {
  if (caller === 'aOwner' || caller === 'orgAOwner') return true;
  if (caller === 'aInvitee') return bundle.teamId === world.inviteeTeamId;
  return (OWN_VALUES[caller] ?? []).some((param) => values[param] === world.a[param]);
}

// ---------------------------------------------------------------------------------------------------
// Leaks

/**
 * Where an answer shows something of B's: the marker, one of B's uids / link ids / role ids, or one of
 * B's ids in a field that names its kind. `sent`: what the request itself carried (an error message
 * may repeat the id it was asked about; that tells the caller nothing new).
 */
function leaksIn(world: World, value: unknown, sent: Array<string | number> = []): string[] {
  const found = new Set<string>();
  let text = JSON.stringify(value ?? null);
  for (const s of sent) if (typeof s === 'string') text = text.split(s).join('');
  const echoed = new Set(sent.filter((s) => typeof s === 'number'));
  const at = text.toLowerCase().indexOf(MARKER);
  if (at >= 0) found.add(`"${MARKER}" in …${text.slice(Math.max(0, at - 80), at + 40)}…`);
  for (const s of world.b.strings) if (text.includes(s)) found.add(`B's ${s}`);
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, v] of Object.entries(node)) {
      if (typeof v === 'number' && !echoed.has(v)) {
        if (['teamId', 'parentId', 'organizationId', 'orgId'].includes(key) && world.b.teamIds.has(v)) found.add(`${key}: ${v} (B's team)`);
        if (['userId', 'ownerId'].includes(key) && world.b.userIds.has(v)) found.add(`${key}: ${v} (B's user)`);
        if (key === 'eventTypeId' && world.b.eventTypeIds.has(v)) found.add(`${key}: ${v} (B's event type)`);
      } else visit(v);
    }
  };
  visit(value);
  return [...found];
}

/**
 * `leaksIn` as the owner of A's organization sees it: the sibling team inside A's organization (and its
 * members, who are members of A's organization) is theirs to manage, so an organization-wide list of A
 * (bookings, schedules) may show it; anything of the other organization or the standalone team may not.
 */
function leaksFor(caller: Caller, world: World, value: unknown, sent: Array<string | number> = []): string[] {
  if (caller !== 'orgAOwner') return leaksIn(world, value, sent);
  const own = world.bundles.filter((b) => b.orgId === world.orgA);
  const ownTeams = new Set(own.flatMap((b) => [b.teamId]));
  const ownUsers = new Set(own.flatMap((b) => [b.owner.id, b.member.id]));
  const ownEventTypes = new Set(own.flatMap((b) => [b.teamEventTypeId, b.personalEventTypeId]));
  const ownStrings = new Set(own.flatMap((b) => [...b.bookingUids, ...((b.values.linkId ?? []) as string[]), ...((b.values.routingFormId ?? []) as string[])]));
  const narrowed: World = {
    ...world,
    b: {
      teamIds: new Set([...world.b.teamIds].filter((id) => !ownTeams.has(id))),
      userIds: new Set([...world.b.userIds].filter((id) => !ownUsers.has(id))),
      eventTypeIds: new Set([...world.b.eventTypeIds].filter((id) => !ownEventTypes.has(id))),
      strings: new Set([...world.b.strings].filter((id) => !ownStrings.has(id))),
    },
  };
  const labels = own.map((b) => b.label).join('|');
  const scrubbed = JSON.stringify(value ?? null)
    .replace(new RegExp(`${MARKER}([- ]guest)?[- ](${labels})`, 'gi'), 'own')
    .replace(new RegExp(`"note":"${MARKER}"`, 'g'), '"note":"own"');
  return leaksIn(narrowed, JSON.parse(scrubbed), sent);
}

/** B's rows in every table that holds team data, as JSON, to compare before and after. */
async function snapshotOfB(stack: TestStack, world: World): Promise<Record<string, unknown[]>> {
  const users = [...world.b.userIds];
  const teams = [...world.b.teamIds];
  const org = stack.db('organizations');
  const sch = stack.db('scheduling');
  const integrations = stack.db('integrations');
  const oauth = stack.db('oauth');
  const eventTypes = `SELECT id FROM event_types WHERE team_id = ANY($1) OR owner_id = ANY($2)`;
  const bookings = `SELECT id FROM bookings WHERE user_id = ANY($2) OR event_type_id IN (${eventTypes})`;
  const rows = async (db: typeof org, sql: string, params: unknown[]) => JSON.parse(JSON.stringify(await db.query(sql, params)));
  return {
    users: await rows(org, 'SELECT * FROM users WHERE id = ANY($1) ORDER BY id', [users]),
    teams: await rows(org, 'SELECT * FROM teams WHERE id = ANY($1) OR parent_id = ANY($1) ORDER BY id', [teams]),
    memberships: await rows(org, 'SELECT * FROM memberships WHERE team_id = ANY($1) OR user_id = ANY($2) ORDER BY id', [teams, users]),
    roles: await rows(org, 'SELECT * FROM roles WHERE organization_id = ANY($1) ORDER BY id', [teams]),
    attributes: await rows(org, 'SELECT * FROM attributes WHERE team_id = ANY($1) ORDER BY id', [teams]),
    attribute_options: await rows(
      org,
      'SELECT o.* FROM attribute_options o JOIN attributes a ON a.id = o.attribute_id WHERE a.team_id = ANY($1) ORDER BY o.id',
      [teams],
    ),
    attribute_assignments: await rows(
      org,
      'SELECT s.* FROM attribute_assignments s JOIN memberships m ON m.id = s.membership_id WHERE m.team_id = ANY($1) ORDER BY s.id',
      [teams],
    ),
    delegation_credentials: await rows(org, 'SELECT * FROM delegation_credentials WHERE organization_id = ANY($1) ORDER BY id', [teams]),
    managed_organizations: await rows(
      org,
      'SELECT * FROM managed_organizations WHERE manager_id = ANY($1) OR organization_id = ANY($1) ORDER BY organization_id',
      [teams],
    ),
    credit_balances: await rows(org, 'SELECT * FROM credit_balances WHERE team_id = ANY($1) OR user_id = ANY($2) ORDER BY id', [teams, users]),
    credit_entries: await rows(
      org,
      'SELECT e.* FROM credit_entries e JOIN credit_balances c ON c.id = e.balance_id WHERE c.team_id = ANY($1) OR c.user_id = ANY($2) ORDER BY e.id',
      [teams, users],
    ),
    out_of_office_entries: await rows(sch, 'SELECT * FROM out_of_office_entries WHERE user_id = ANY($1) ORDER BY id', [users]),
    verified_emails: await rows(integrations, 'SELECT * FROM verified_emails WHERE user_id = ANY($1) OR team_id = ANY($2) ORDER BY id', [users, teams]),
    verified_phones: await rows(integrations, 'SELECT * FROM verified_phones WHERE user_id = ANY($1) OR team_id = ANY($2) ORDER BY id', [users, teams]),
    event_types: await rows(sch, `SELECT * FROM event_types WHERE id IN (${eventTypes}) ORDER BY id`, [teams, users]),
    event_type_hosts: await rows(
      sch,
      `SELECT * FROM event_type_hosts WHERE event_type_id IN (${eventTypes}) OR user_id = ANY($2) ORDER BY event_type_id, user_id`,
      [teams, users],
    ),
    private_links: await rows(sch, `SELECT * FROM private_links WHERE event_type_id IN (${eventTypes}) ORDER BY link_id`, [teams, users]),
    schedules: await rows(sch, 'SELECT * FROM schedules WHERE owner_id = ANY($1) ORDER BY id', [users]),
    bookings: await rows(sch, `SELECT * FROM bookings WHERE id IN (${bookings}) ORDER BY id`, [teams, users]),
    attendees: await rows(sch, `SELECT * FROM attendees WHERE booking_id IN (${bookings}) ORDER BY id`, [teams, users]),
    booking_events: await rows(sch, `SELECT * FROM booking_events WHERE booking_id IN (${bookings}) ORDER BY id`, [teams, users]),
    booking_limits: await rows(sch, 'SELECT * FROM booking_limits WHERE user_id = ANY($1) ORDER BY user_id', [users]),
    slot_reservations: await rows(sch, `SELECT * FROM slot_reservations WHERE event_type_id IN (${eventTypes}) ORDER BY id`, [teams, users]),
    webhooks: await rows(
      integrations,
      `SELECT * FROM webhooks WHERE user_id = ANY($1) OR team_id = ANY($2) OR event_type_id = ANY($3) OR o_auth_client_id = ANY($4) ORDER BY id`,
      [users, teams, world.bundles.flatMap((b) => [b.personalEventTypeId, b.teamEventTypeId]), world.bundles.map((b) => b.owner.client!.id)],
    ),
    // the deliveries the bundles logged (their status moves on as the worker retries them, so not compared)
    webhook_deliveries: await rows(
      integrations,
      `SELECT id, webhook_id, event_key, trigger_event, body FROM webhook_deliveries WHERE id = ANY($1::uuid[]) ORDER BY id`,
      [world.bundles.flatMap((b) => b.values.deliveryId ?? [])],
    ),
    calendar_credentials: await rows(integrations, 'SELECT id, user_id, type, app_id, invalid FROM calendar_credentials WHERE user_id = ANY($1) ORDER BY id', [
      users,
    ]),
    conferencing_connections: await rows(integrations, 'SELECT * FROM conferencing_connections WHERE user_id = ANY($1) OR team_id = ANY($2) ORDER BY id', [
      users,
      teams,
    ]),
    routing_forms: await rows(integrations, 'SELECT * FROM routing_forms WHERE team_id = ANY($1) OR organization_id = ANY($1) ORDER BY id', [teams]),
    routing_form_responses: await rows(
      integrations,
      'SELECT r.* FROM routing_form_responses r JOIN routing_forms f ON f.id = r.form_id WHERE f.team_id = ANY($1) ORDER BY r.id',
      [teams],
    ),
    workflows: await rows(integrations, 'SELECT * FROM workflows WHERE team_id = ANY($1) ORDER BY id', [teams]),
    workflow_steps: await rows(
      integrations,
      'SELECT s.* FROM workflow_steps s JOIN workflows w ON w.id = s.workflow_id WHERE w.team_id = ANY($1) ORDER BY s.id',
      [teams],
    ),
    api_keys: await rows(oauth, 'SELECT id, user_id, revoked_at, expires_at FROM api_keys WHERE user_id = ANY($1) ORDER BY id', [users]),
    oauth_clients: await rows(oauth, 'SELECT * FROM oauth_clients WHERE id = ANY($1) ORDER BY id', [world.bundles.flatMap((b) => b.values.clientId ?? [])]),
    oauth_grants: await rows(oauth, 'SELECT id, client_id, user_id, scopes, revoked_at FROM oauth_grants WHERE user_id = ANY($1) ORDER BY id', [users]),
  };
}

// ---------------------------------------------------------------------------------------------------
// Bodies and variables

const WORKFLOW_STEP = {
  action: 'email_host',
  stepNumber: 1,
  recipient: 'const',
  template: 'reminder',
  sender: 'Hijack',
  includeCalendarEvent: false,
  message: { subject: 'Hi', html: '<p>Hi</p>' },
};
const HIJACK_FIELDS = { bookingFields: [{ field: 'text', slug: 'hijack', label: 'Hijack' }] };
/** Out-of-office days handed out to the team-user bodies: one member of B gets entries on two paths, never overlapping. */
let teamUserOooDays = 0;
/** Bodies that would succeed if the caller were allowed (checked on B's owner at the end), by root field. */
const PLAUSIBLE_INPUT: Record<string, () => unknown> = {
  createTeamEventType: () => ({ title: 'Hijack', slug: `hijack-${randomBytes(3).toString('hex')}`, lengthInMinutes: 30 }),
  updateTeamEventType: () => ({ title: 'Hijacked', lengthInMinutes: 45 }),
  updateEventType: () => ({ title: 'Hijacked', lengthInMinutes: 45 }),
  addTeamEventTypeBookingFields: () => HIJACK_FIELDS,
  replaceTeamEventTypeBookingFields: () => HIJACK_FIELDS,
  createTeamEventTypePrivateLink: () => ({ maxUsageCount: 5 }),
  createEventTypePrivateLink: () => ({ maxUsageCount: 5 }),
  updateTeamEventTypePrivateLink: () => ({ maxUsageCount: 99 }),
  updateEventTypePrivateLink: () => ({ maxUsageCount: 99 }),
  updateSchedule: () => ({ name: 'Hijacked' }),
  cancelBooking: () => ({ cancellationReason: 'hijack' }),
  rescheduleBooking: () => ({ start: '2031-03-04T11:00:00Z', reschedulingReason: 'hijack' }),
  declineBooking: () => ({ reason: 'hijack' }),
  requestBookingReschedule: () => ({ reason: 'hijack' }),
  markBookingAbsent: () => ({ host: true }),
  addBookingGuests: () => ({ guests: ['hijack@example.com'] }),
  addBookingAttendee: () => ({ name: 'Hijack', email: 'hijack@example.com', timeZone: 'UTC' }),
  updateBookingLocation: () => ({ location: { type: 'attendeeDefined', location: 'hijacked' } }),
  createOrganizationUserSchedule: () => ({ name: 'Hijack', timeZone: 'UTC' }),
  updateOrganizationUserSchedule: () => ({ name: 'Hijacked' }),
  // writes of the caller's own data (routes that take no id of B)
  createTeam: () => ({ name: 'Alpha extra', slug: `alpha-extra-${randomBytes(3).toString('hex')}` }),
  createEventType: () => ({ title: 'Alpha own', slug: `alpha-own-${randomBytes(3).toString('hex')}`, lengthInMinutes: 30 }),
  createWebhook: () => ({ subscriberUrl: `https://alpha.example.com/hook-${randomBytes(3).toString('hex')}`, triggers: ['BOOKING_CREATED'] }),
  createEventTypeWebhook: () => ({ subscriberUrl: `https://hijack.example.com/hook-${randomBytes(3).toString('hex')}`, triggers: ['BOOKING_CREATED'] }),
  updateWebhook: () => ({ subscriberUrl: `https://hijack.example.com/hook-${randomBytes(3).toString('hex')}`, active: false }),
  updateEventTypeWebhook: () => ({ subscriberUrl: `https://hijack.example.com/hook-${randomBytes(3).toString('hex')}`, active: false }),
  createOrganizationWebhook: () => ({ subscriberUrl: `https://hijack.example.com/hook-${randomBytes(3).toString('hex')}`, triggers: ['BOOKING_CREATED'] }),
  updateOrganizationWebhook: () => ({ subscriberUrl: `https://hijack.example.com/hook-${randomBytes(3).toString('hex')}`, active: false }),
  createTeamEventTypeWebhook: () => ({ subscriberUrl: `https://hijack.example.com/hook-${randomBytes(3).toString('hex')}`, triggers: ['BOOKING_CREATED'] }),
  updateTeamEventTypeWebhook: () => ({ subscriberUrl: `https://hijack.example.com/hook-${randomBytes(3).toString('hex')}`, active: false }),
  createOAuthClientWebhook: () => ({ subscriberUrl: `https://hijack.example.com/hook-${randomBytes(3).toString('hex')}`, triggers: ['BOOKING_CREATED'] }),
  updatePlatformOAuthClient: () => ({ name: 'Hijacked', redirectUris: ['https://hijack.example.com/cb'] }),
  createManagedUser: () => ({ email: `hijack-${randomBytes(3).toString('hex')}@example.com`, name: 'Hijack' }),
  updateManagedUser: () => ({ name: 'Hijacked' }),
  updateOAuthClientWebhook: () => ({ subscriberUrl: `https://hijack.example.com/hook-${randomBytes(3).toString('hex')}`, active: false }),
  createTeamEventTypePhoneCall: () => ({ yourPhoneNumber: '+14155550100', numberToCall: '+14155550101', svcApiKey: `svc_${'0'.repeat(64)}` }),
  createSchedule: () => ({ name: 'Alpha extra', timeZone: 'Europe/London' }),
  updateMyBookingLimits: () => ({ perDay: 5 }),
  // memberships and organization users: the users the control (below) sets up; any id during the walk
  // B's team is one of an organization's: it takes members of that organization only (on either path).
  createTeamMembership: () => ({ userId: controlUsers.orgRecruit ?? 1 }),
  createOrganizationTeamMembership: () => ({ userId: controlUsers.orgMember ?? 1 }),
  createOrganizationMembership: () => ({ userId: controlUsers.outsider ?? 1 }),
  createOrganizationTeam: () => ({ name: 'Alpha extra', slug: `alpha-extra-${randomBytes(3).toString('hex')}` }),
  createOrganizationUser: () => ({ email: `alpha-new-${randomBytes(3).toString('hex')}@example.com` }),
  updateOrganizationUser: () => ({ name: 'Renamed' }),
  // credits: a charge B's balance could pay
  chargeTeamCredits: () => ({ credits: 1 }),
  chargeOrganizationCredits: () => ({ credits: 1 }),
  chargeMyCredits: () => ({ credits: 1 }),
  createManagedOrganization: () => ({ name: 'Hijack managed', slug: `hijack-managed-${randomBytes(3).toString('hex')}` }),
  updateManagedOrganization: () => ({ name: 'Hijacked' }),
  // organization roles, attributes, delegation credentials, out of office, verified resources
  createOrganizationRole: () => ({ name: `Hijack ${randomBytes(3).toString('hex')}`, permissions: ['role.readOrgRoles'] }),
  updateOrganizationRole: () => ({ description: 'hijacked' }),
  addOrganizationRolePermissions: () => ({ permissions: ['role.readOrgRoles'] }),
  replaceOrganizationRolePermissions: () => ({ permissions: ['team.readMemberships', 'role.readOrgRoles', 'eventType.read'] }),
  createOrganizationAttribute: () => ({ name: 'Hijack', slug: `hijack-${randomBytes(3).toString('hex')}`, type: 'TEXT', options: [] }),
  updateOrganizationAttribute: () => ({ name: 'Hijacked' }),
  createOrganizationAttributeOption: () => ({ value: 'Hijack', slug: `hijack-${randomBytes(3).toString('hex')}` }),
  updateOrganizationAttributeOption: () => ({ value: 'Hijacked' }),
  createDelegationCredential: () => ({
    domain: `hijack-${randomBytes(3).toString('hex')}.example.com`,
    workspacePlatformSlug: 'google',
    serviceAccountKey: { private_key: 'hijack', client_email: 'svc@hijack.example.com', client_id: '1' },
  }),
  updateDelegationCredential: () => ({ enabled: true }),
  createOrganizationUserOutOfOffice: () => ({ start: '2031-06-01', end: '2031-06-01' }),
  updateOrganizationUserOutOfOffice: () => ({ notes: 'hijacked' }),
  createMyOutOfOffice: () => ({ start: `2032-0${1 + Math.floor(Math.random() * 9)}-${10 + Math.floor(Math.random() * 18)}`, end: '2032-12-31' }),
  updateMyOutOfOffice: () => ({ notes: 'hijacked' }),
  // Two paths (team, organization team) create for one member of B: a day of its own each time.
  createTeamUserOutOfOffice: () => {
    const day = `2033-01-${String(10 + (teamUserOooDays++ % 18)).padStart(2, '0')}`;
    return { start: day, end: day };
  },
  updateTeamUserOutOfOffice: () => ({ notes: 'hijacked' }),
  requestTeamEmailVerificationCode: () => ({ email: 'hijack@example.com' }),
  requestOrganizationTeamEmailVerificationCode: () => ({ email: 'hijack@example.com' }),
  requestTeamPhoneVerificationCode: () => ({ phone: '+15550000099' }),
  requestOrganizationTeamPhoneVerificationCode: () => ({ phone: '+15550000099' }),
  createRoutingFormResponse: () => ({ topic: 'hijack' }),
  createOrganizationRoutingFormResponse: () => ({ topic: 'hijack' }),
  updateRoutingFormResponse: () => ({ response: { topic: 'hijacked' } }),
  updateOrganizationRoutingFormResponse: () => ({ response: { topic: 'hijacked' } }),
  createTeamWorkflow: () => ({ name: 'Hijack', activation: { isActiveOnAllEventTypes: true }, trigger: { type: 'newEvent' }, steps: [WORKFLOW_STEP] }),
  updateTeamWorkflow: () => ({ name: 'Hijacked' }),
  createTeamRoutingFormWorkflow: () => ({
    name: 'Hijack',
    activation: { isActiveOnAllRoutingForms: true },
    trigger: { type: 'formSubmitted' },
    steps: [{ ...WORKFLOW_STEP, action: 'email_attendee', recipient: 'attendee' }],
  }),
  updateTeamRoutingFormWorkflow: () => ({ name: 'Hijacked' }),
};
/** Users the control creates in B's organization: one it made (so it may edit them), one outside it. */
const controlUsers: { orgMember?: number; orgRecruit?: number; outsider?: number } = {};

function bodyOf(route: RouteEntry): unknown {
  const input = operationOf(route).variableDefinitions?.find((v) => v.variable.name.value === 'input');
  if (!input) return undefined;
  const plausible = PLAUSIBLE_INPUT[rootFieldOf(route)];
  return plausible ? plausible() : minimalBodyOf(route);
}

/** Query parameters: every variable that is not in the path nor the body, filled with B's values where one fits. */
function queryOf(route: RouteEntry, bundle: Bundle): string {
  const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const values: Record<string, string> = {
    eventTypeId: String(bundle.teamEventTypeId),
    attendeeEmail: bundle.attendeeEmail,
    eventSlug: bundle.teamEventTypeSlug,
    startTime: '2031-02-01',
    endTime: '2031-02-14',
    start: '2031-02-01',
    end: '2031-02-14',
    take: '250',
  };
  const names = (operationOf(route).variableDefinitions ?? []).map((v) => v.variable.name.value).filter((n) => n !== 'input' && !pathParams.includes(n));
  const search = new URLSearchParams(names.filter((n) => values[n] !== undefined).map((n): [string, string] => [n, values[n]]));
  return search.size ? `?${search}` : '';
}

/** Every way to fill the parameters from A's and B's values, except the ones where nothing is B's. */
function combinations(params: ParamName[], a: Record<ParamName, string | number>, b: Values): Array<Record<string, string | number>> {
  let combos: Array<Record<string, string | number>> = [{}];
  for (const p of params) {
    const options = [...new Set([a[p], ...(b[p] ?? [])])];
    combos = combos.flatMap((c) => options.map((v) => ({ ...c, [p]: v })));
  }
  const mixed = combos.filter((c) => params.some((p) => c[p] !== a[p]));
  if (mixed.length <= MAX_MIXES) return mixed;
  // Deep paths (four parameters, several values of B each) mix into hundreds of requests per caller: keep the
  // mixes that tell most — one parameter of B among A's, all of B's but one, all of B's.
  const ofB = (c: Record<string, string | number>) => params.filter((p) => c[p] !== a[p]).length;
  return mixed.filter((c) => [1, params.length - 1, params.length].includes(ofB(c)));
}

const MAX_MIXES = 16;

/** The values a request carried in its path and query, as an error message might repeat them. */
function sentIn(pathAndQuery: string): string[] {
  return decodeURIComponent(pathAndQuery)
    .split(/[/?&=]/)
    .filter((token) => token.length >= 6);
}

/** How many requests the walks sent (checked at the end: a walk that sends nothing proves nothing). */
const sent = { targeting: 0, untargeted: 0, graphql: 0, deepGraphql: 0 };

// ---------------------------------------------------------------------------------------------------
// GraphQL: root fields that take an id, and a deep selection of what they answer

const ID_ARGUMENTS: Record<string, ParamName> = {
  teamId: 'teamId',
  orgId: 'orgId',
  userId: 'userId',
  eventTypeId: 'eventTypeId',
  uid: 'bookingUid',
  linkId: 'linkId',
  membershipId: 'membershipId',
  roleId: 'roleId',
  scheduleId: 'scheduleId',
  deliveryId: 'deliveryId',
  attributeId: 'attributeId',
  optionId: 'optionId',
  attributeOptionId: 'attributeOptionId',
  attributeSlug: 'attributeSlug',
  credentialId: 'credentialId',
  managedOrganizationId: 'managedOrganizationId',
  oooId: 'oooId',
  // (webhookId is walked with B's ids by the REST walk above; here it would multiply the combinations past the timeout)
  clientId: 'clientId',
  attendeeId: 'attendeeId',
  routingFormId: 'routingFormId',
  responseId: 'responseId',
  workflowId: 'workflowId',
};
const NAME_ARGUMENTS = ['ids', 'slug', 'username', 'teamSlug', 'organizationSlug', 'eventTypeSlug', 'id'];

function idArgumentOf(field: GraphQLField<unknown, unknown>, arg: GraphQLArgument): ParamName | undefined {
  if (arg.name === 'id')
    return ({ Webhook: 'webhookId', ApiKey: 'apiKeyId', VerifiedEmail: 'id', VerifiedPhone: 'id' } as Record<string, ParamName>)[getNamedType(field.type).name];
  return ID_ARGUMENTS[arg.name];
}

/** Root fields of Query and Mutation with an argument naming a team, organization, user, event type, booking (or another id / slug of B). */
function rootFieldsTakingIds(): Array<{ operation: 'query' | 'mutation'; field: GraphQLField<unknown, unknown> }> {
  const out: Array<{ operation: 'query' | 'mutation'; field: GraphQLField<unknown, unknown> }> = [];
  for (const [operation, type] of [
    ['query', supergraph.getQueryType()!],
    ['mutation', supergraph.getMutationType()!],
  ] as const) {
    for (const field of Object.values(type.getFields())) {
      if (field.args.some((arg) => ID_ARGUMENTS[arg.name] || NAME_ARGUMENTS.includes(arg.name))) out.push({ operation, field });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------

describe('team isolation: a member of team A never reads or changes team B’s data (every route, every GraphQL path)', () => {
  let stack: TestStack;
  let world: World;
  let before: Record<string, unknown[]>;
  const keyOf = (caller: Caller) => world[caller].key;

  async function person(label: string): Promise<Person> {
    const tag = randomBytes(3).toString('hex');
    const operator = operatorOf(stack);
    const user = await operator.createUser({
      email: `${label}-${tag}@example.com`,
      name: `${label} ${tag}`,
      timeZone: 'Europe/London',
      password: 'correct horse battery',
    });
    const { key } = await operator.createApiKey(user.id);
    return { id: user.id, key, email: user.email, username: user.username };
  }

  const WEEK = [{ days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'], startTime: '09:00', endTime: '17:00' }];
  let bookingHour = 0;
  const nextStart = () => new Date(Date.UTC(2031, 1, 3 + Math.floor(bookingHour / 6), 9 + (bookingHour++ % 6)));

  async function link(eventTypeId: number): Promise<string> {
    const eventType = await stack.db('scheduling').getRepository(EventType).findOneByOrFail({ id: eventTypeId });
    return (await new PrivateLinkService(stack.db('scheduling')).create(eventType, { maxUsageCount: 3 })).linkId;
  }

  async function bundle(label: string, orgId: number | null, orgOwner: Person | null): Promise<Bundle> {
    const operator = operatorOf(stack);
    const owner = orgOwner ?? (await person(`${MARKER}-${label}-owner`));
    const member = await person(`${MARKER}-${label}-member`);
    const teamSlug = `${MARKER}-${label}-${randomBytes(3).toString('hex')}`;
    const team = await operator.createTeam({ name: `Bravo ${label}`, slug: teamSlug, orgId, ownerId: owner.id });
    const memberMembership = await operator.addMember({ teamId: team.id, userId: member.id, role: MembershipRole.MEMBER });
    const membershipIds: number[] = [memberMembership.id];
    if (orgId != null) {
      if (!orgOwner) await operator.addMember({ teamId: orgId, userId: owner.id, role: MembershipRole.MEMBER });
      membershipIds.push((await operator.addMember({ teamId: orgId, userId: member.id, role: MembershipRole.MEMBER })).id);
    }
    const teamEventTypeSlug = `${MARKER}-${label}-call`;
    const teamEventType = await operator.createEventType({
      title: `Bravo ${label} call`,
      slug: teamEventTypeSlug,
      lengthInMinutes: 30,
      teamId: team.id,
      hostIds: [owner.id, member.id],
    });
    const personal = await operator.createEventType({
      title: `Bravo ${label} personal`,
      slug: `${MARKER}-${label}-personal`,
      lengthInMinutes: 30,
      ownerId: owner.id,
    });
    const linkIds = [await link(teamEventType.id), await link(personal.id)];
    const fields = await stack.rest('POST', `/v2/teams/${team.id}/event-types/${teamEventType.id}/booking-fields`, {
      key: owner.key,
      headers: { 'svc-api-version': '2026-06-12' },
      body: { bookingFields: [{ field: 'text', slug: `${MARKER}-${label}-ticket`, label: `Bravo ${label} ticket` }] },
    });
    expect(fields.status).toBe(201);
    // A managed team event type: the members' personal copies it makes are this team's data too.
    const managedEventType = await stack.rest('POST', `/v2/teams/${team.id}/event-types`, {
      key: owner.key,
      body: { title: `Bravo ${label} managed`, slug: `${MARKER}-${label}-managed`, lengthInMinutes: 30, schedulingType: 'managed', assignAllTeamMembers: true },
    });
    expect(managedEventType.status).toBe(201);
    const scheduleIds: number[] = [];
    for (const p of [member, owner]) {
      if (!(await stack.db('scheduling').query('SELECT 1 FROM schedules WHERE owner_id = $1', [p.id])).length) {
        scheduleIds.push(
          (
            await operator.createSchedule({
              ownerId: p.id,
              name: `Bravo ${label} hours`,
              timeZone: 'Europe/London',
              isDefault: true,
              availability: WEEK,
              overrides: [],
            })
          ).id,
        );
      }
    }
    const attendeeEmail = `${MARKER}-guest-${label}@example.com`;
    const attendee = { name: `Bravo guest ${label}`, email: attendeeEmail, timeZone: 'Europe/Paris' };
    const teamBooking = await operator.createBooking({
      eventTypeId: teamEventType.id,
      start: nextStart(),
      attendee,
      hostId: member.id,
      metadata: { note: MARKER },
    });
    const personalBooking = await operator.createBooking({ eventTypeId: personal.id, start: nextStart(), attendee, hostId: owner.id });
    const hook = await stack.rest('POST', '/v2/webhooks', {
      key: owner.key,
      body: { subscriberUrl: `https://${MARKER}-${label}.example.com/hook`, triggers: ['BOOKING_CREATED'] },
    });
    expect(hook.status).toBe(201);
    const eventTypeHook = await stack.rest('POST', `/v2/event-types/${personal.id}/webhooks`, {
      key: owner.key,
      body: { subscriberUrl: `https://${MARKER}-${label}-et.example.com/hook`, triggers: ['BOOKING_CREATED'] },
    });
    expect(eventTypeHook.status).toBe(201);
    const [teamHook] = await stack
      .db('integrations')
      .query(`INSERT INTO webhooks (team_id, subscriber_url, triggers) VALUES ($1, $2, '{BOOKING_CREATED}') RETURNING id`, [
        team.id,
        `https://${MARKER}-${label}-team.example.com/hook`,
      ]);
    // A logged delivery of B's own webhook (GET /v2/webhooks/{webhookId}/deliveries, …/redeliver).
    const [delivery] = await stack
      .db('integrations')
      .query(
        `INSERT INTO webhook_deliveries (webhook_id, event_key, trigger_event, body, content_type, status) VALUES ($1, $2, 'BOOKING_CREATED', $3, 'application/json', 'delivered') RETURNING id`,
        [hook.body.data.id, `isolation-${label}`, JSON.stringify({ triggerEvent: 'BOOKING_CREATED', payload: { note: MARKER } })],
      );
    const teamEventTypeHook = await stack.rest('POST', `/v2/teams/${team.id}/event-types/${teamEventType.id}/webhooks`, {
      key: owner.key,
      body: { subscriberUrl: `https://${MARKER}-${label}-tet.example.com/hook`, triggers: ['BOOKING_CREATED'] },
    });
    expect(teamEventTypeHook.status).toBe(201);
    // B's organization's own webhook (only the other organization: the sibling's organization is A's)
    const orgHook = orgOwner
      ? await stack.rest('POST', `/v2/organizations/${orgId}/webhooks`, {
          key: owner.key,
          body: { subscriberUrl: `https://${MARKER}-${label}-org.example.com/hook`, triggers: ['BOOKING_CREATED'] },
        })
      : null;
    if (orgHook) expect(orgHook.status).toBe(201);
    if (!owner.client) {
      const { client, secret } = await oauthClient(stack, owner.id, { name: `Bravo ${label} app` });
      owner.client = { id: client.id, secret: secret! };
    }
    // A managed user of B's platform client, and (as the organization's owner) a platform OAuth client of B's organization.
    const managedUser = await stack.rest('POST', `/v2/oauth-clients/${owner.client.id}/users`, {
      headers: { 'x-svc-secret-key': owner.client.secret },
      body: { email: `${MARKER}-${label}-managed@example.com`, name: `Bravo ${label} managed` },
    });
    expect(managedUser.status).toBe(201);
    const orgClient = orgOwner
      ? await stack.rest('POST', '/v2/oauth-clients', {
          key: owner.key,
          body: { name: `Bravo ${label} platform`, redirectUris: [`https://${MARKER}-${label}.example.com/cb`], permissions: ['PROFILE_READ'] },
        })
      : null;
    if (orgClient) expect(orgClient.status).toBe(201);
    const clientHook = await stack.rest('POST', `/v2/oauth-clients/${owner.client.id}/webhooks`, {
      headers: { 'x-svc-secret-key': owner.client.secret },
      body: { subscriberUrl: `https://${MARKER}-${label}-client.example.com/hook`, triggers: ['BOOKING_CREATED'] },
    });
    expect(clientHook.status).toBe(201);
    if (orgId != null) expect((await stack.rest('PATCH', '/v2/me/booking-limits', { key: member.key, body: { perDay: 4 } })).status).toBe(200);
    const apiKeyIds = (await stack.db('oauth').query('SELECT id FROM api_keys WHERE user_id = ANY($1)', [[owner.id, member.id]])).map(
      (r: { id: number }) => r.id,
    );
    // Out-of-office entries of B's member and owner; not for the sibling team, whose member is also a member of A's organization (its owner may list them).
    const ooo = new OutOfOfficeService(stack.db('scheduling'));
    const away =
      orgId === world.orgA
        ? []
        : [
            await ooo.create(member.id, { start: '2031-04-01', end: '2031-04-02', notes: `${MARKER} holiday` }, async () => true),
            await ooo.create(owner.id, { start: '2031-04-01', end: '2031-04-02', notes: `${MARKER} trip` }, async () => true),
          ];
    // Verified e-mails and phone numbers of B's member and team.
    const verified = stack.db('integrations');
    const emailIds = (
      await verified.query(`INSERT INTO verified_emails (email, user_id, team_id) VALUES ($1, $2, NULL), ($3, NULL, $4) RETURNING id`, [
        `${MARKER}-${label}@example.com`,
        member.id,
        `${MARKER}-${label}-team@example.com`,
        team.id,
      ])
    ).map((r: { id: number }) => r.id);
    const phoneIds = (
      await verified.query(
        `INSERT INTO verified_phones (phone_number, user_id, team_id) VALUES ('+15550000001', $1, NULL), ('+15550000002', NULL, $2) RETURNING id`,
        [member.id, team.id],
      )
    ).map((r: { id: number }) => r.id);
    // A held slot of the team event type (public by uid, like a booking): an hour the team's bookings leave free.
    const reservation = await stack.rest('POST', '/v2/slots/reservations', {
      key: owner.key,
      body: { eventTypeId: teamEventType.id, slotStart: nextStart().toISOString(), reservationDuration: 60 },
    });
    expect(reservation.status).toBe(201);
    // Integrations: an ICS credential of the owner; for teams of an organization, a conferencing default, a routing form with a response, a workflow.
    await stack
      .db('integrations')
      .query(
        `INSERT INTO calendar_credentials (user_id, type, app_id, key_ciphertext) VALUES ($1, 'ics-feed_calendar', 'ics-feed', $2) ON CONFLICT DO NOTHING`,
        [owner.id, encryptProviderSecret({ urls: [`https://${MARKER}-${label}.example.com/feed.ics`], names: [`Bravo ${label} feed`] })],
      );
    // A Google calendar connected with OAuth (sealed tokens and calendars), walked by the /v2/calendars/{calendar}/… routes;
    // just refreshed, so that the background refresher does not call Google during the walk.
    await stack
      .db('integrations')
      .query(
        `INSERT INTO calendar_credentials (user_id, type, app_id, read_only, key_ciphertext, refreshed_at) VALUES ($1, 'google_calendar', 'google-calendar', false, $2, now()) ON CONFLICT DO NOTHING`,
        [
          owner.id,
          encryptProviderSecret({
            tokens: { accessToken: `${MARKER}-${label}-at`, refreshToken: `${MARKER}-${label}-rt`, expiresAt: Date.now() + 3_600_000 },
            calendars: [{ externalId: `${MARKER}-${label}@example.com`, name: `Bravo ${label} calendar`, primary: true, readOnly: false }],
          }),
        ],
      );
    const integrationIds: Values = { routingFormId: [], responseId: [], workflowId: [] };
    if (orgId != null) {
      const base = `/v2/organizations/${orgId}/teams/${team.id}`;
      expect((await stack.rest('POST', `${base}/conferencing/daily-video/default`, { key: owner.key })).status).toBe(200);
      // A team zoom connection made through OAuth (sealed tokens), walked by the team conferencing OAuth routes.
      await stack
        .db('integrations')
        .query(`INSERT INTO conferencing_connections (team_id, app, type, key_ciphertext) VALUES ($1, 'zoom', 'zoom_video', $2)`, [
          team.id,
          encryptProviderSecret({ accessToken: `${MARKER}-${label}-zoom`, refreshToken: null, expiresAt: Date.now() + 3_600_000 }),
        ]);
      const form = await stack.graphql(
        `mutation ($orgId: Int!, $teamId: Int!, $input: CreateRoutingFormInput!) { createRoutingForm(orgId: $orgId, teamId: $teamId, input: $input) { id } }`,
        {
          orgId,
          teamId: team.id,
          input: {
            name: `Bravo ${label} form`,
            fields: [{ id: 'topic', label: `Bravo ${label} topic`, type: 'text' }],
            routes: [{ id: 'fallback', isFallback: true, action: { type: 'customPageMessage', value: `${MARKER} ${label} thanks` } }],
          },
        },
        owner.key,
      );
      const formId = form.body.data.createRoutingForm.id as string;
      const response = await stack.rest('POST', `${base}/routing-forms/${formId}/responses`, {
        key: owner.key,
        body: { topic: `${MARKER} ${label} question` },
      });
      expect(response.status).toBe(201);
      const workflow = await stack.rest('POST', `${base}/workflows`, {
        key: owner.key,
        body: {
          name: `Bravo ${label} workflow`,
          activation: { activeOnEventTypeIds: [teamEventType.id] },
          trigger: { type: 'beforeEvent', offset: { value: 1, unit: 'hour' } },
          steps: [WORKFLOW_STEP],
        },
      });
      expect(workflow.status).toBe(201);
      const formWorkflow = await stack.rest('POST', `${base}/workflows/routing-form`, {
        key: owner.key,
        body: {
          name: `Bravo ${label} form workflow`,
          activation: { activeOnRoutingFormIds: [formId] },
          trigger: { type: 'formSubmitted' },
          steps: [{ ...WORKFLOW_STEP, action: 'email_attendee', recipient: 'attendee' }],
        },
      });
      expect(formWorkflow.status).toBe(201);
      Object.assign(integrationIds, {
        routingFormId: [formId],
        responseId: [response.body.data.routing.responseId],
        workflowId: [workflow.body.data.id, formWorkflow.body.data.id],
      });
    }
    return {
      label,
      orgId,
      teamId: team.id,
      teamSlug,
      owner,
      member,
      teamEventTypeId: teamEventType.id,
      teamEventTypeSlug,
      personalEventTypeId: personal.id,
      bookingUids: [teamBooking.uid, personalBooking.uid],
      attendeeEmail,
      values: {
        orgId: orgId == null ? [] : [orgId],
        teamId: [team.id],
        eventTypeId: [teamEventType.id, personal.id],
        linkId: linkIds,
        membershipId: membershipIds,
        userId: [member.id, owner.id, managedUser.body.data.user.id],
        scheduleId: scheduleIds,
        bookingUid: [teamBooking.uid, personalBooking.uid],
        attendeeId: (
          await stack.db('scheduling').query('SELECT id FROM attendees WHERE booking_id = ANY($1) ORDER BY id', [[teamBooking.id, personalBooking.id]])
        ).map((r: { id: number }) => r.id),
        webhookId: [
          hook.body.data.id,
          teamHook.id,
          eventTypeHook.body.data.id,
          teamEventTypeHook.body.data.id,
          clientHook.body.data.id,
          ...(orgHook ? [orgHook.body.data.id] : []),
        ],
        deliveryId: [delivery.id],
        apiKeyId: apiKeyIds,
        clientId: [owner.client.id, ...(orgClient ? [orgClient.body.data.clientId] : [])],
        oooId: away.map((a) => a.id),
        id: [...emailIds, ...phoneIds],
        uid: [reservation.body.data.reservationUid],
        app: [],
        calendar: [],
        eventUid: [],
        ...integrationIds,
      },
      hooks: { organization: orgHook?.body.data.id ?? null, teamEventType: teamEventTypeHook.body.data.id, oAuthClient: clientHook.body.data.id },
    };
  }

  beforeAll(async () => {
    // The walk selects every field four levels deep to look for leaks: far past the cost a client may
    // ask for, which is not what this file tests (test/security/hostile-input.test.ts does).
    stack = await startTestStack({ gateway: { limits: { ...DEFAULT_LIMITS, maxCost: Number.MAX_SAFE_INTEGER } } });
    const operator = operatorOf(stack);
    const tag = randomBytes(3).toString('hex');

    // A: team A inside organization A. Team A's users are members of the team only; A's organization has its own owner.
    const orgAOwner = await person('alpha-org-owner');
    const [aOwner, aAdmin, aMember, aInvitee] = [
      await person('alpha-owner'),
      await person('alpha-admin'),
      await person('alpha-member'),
      await person('alpha-invitee'),
    ];
    const aClient = await oauthClient(stack, aOwner.id, { name: 'Alpha app' });
    aOwner.client = { id: aClient.client.id, secret: aClient.secret! };
    const orgA = await operator.createOrganization({ name: 'Alpha org', slug: `alpha-org-${tag}`, ownerId: orgAOwner.id });
    const teamA = await operator.createTeam({ name: 'Alpha team', slug: `alpha-team-${tag}`, orgId: orgA.id, ownerId: aOwner.id });
    await operator.addMember({ teamId: teamA.id, userId: aAdmin.id, role: MembershipRole.ADMIN });
    const aMemberMembership = await operator.addMember({ teamId: teamA.id, userId: aMember.id, role: MembershipRole.MEMBER });
    await operator.addMember({ teamId: teamA.id, userId: aInvitee.id, role: MembershipRole.MEMBER });
    const aEventType = await operator.createEventType({
      title: 'Alpha call',
      slug: 'alpha-call',
      lengthInMinutes: 30,
      teamId: teamA.id,
      hostIds: [aOwner.id, aAdmin.id, aMember.id],
    });
    const aSchedule = await operator.createSchedule({
      ownerId: aAdmin.id,
      name: 'Alpha hours',
      timeZone: 'Europe/London',
      isDefault: true,
      availability: WEEK,
      overrides: [],
    });
    const aBooking = await operator.createBooking({
      eventTypeId: aEventType.id,
      start: nextStart(),
      attendee: { name: 'Alpha guest', email: 'alpha-guest@example.com', timeZone: 'Europe/London' },
      hostId: aAdmin.id,
    });
    const aRole = await operator.createRole({ organizationId: orgA.id, name: 'Alpha auditor', permissions: ['role.readOrgRoles'] });
    const attributes = new AttributeService(stack.db('organizations'));
    const aAttribute = await attributes.create(orgA.id, {
      name: 'Alpha region',
      slug: 'alpha-region',
      type: AttributeType.SINGLE_SELECT,
      options: [{ value: 'Alpha north', slug: 'alpha-north' }],
    });
    const [aOption] = await attributes.options(orgA.id, aAttribute.id);
    // Managed organizations (one of A's, one of B's): their API keys are made through the oauth subgraph's own service.
    const managedOrganizations = new ManagedOrganizationService(stack.db('organizations'));
    const issueKey = async (userId: number, expiresAt: Date | null, note: string) =>
      (await new ApiKeyService(stack.db('oauth')).create(userId, { expiresAt, note })).key;
    const aManaged = (await managedOrganizations.create(orgA.id, { name: 'Alpha managed', slug: `alpha-managed-${tag}` }, issueKey)).org;
    const aCredential = await new DelegationCredentialService(stack.db('organizations')).create(orgA.id, {
      domain: `alpha-${tag}.example.com`,
      workspacePlatformSlug: 'google',
      serviceAccountKey: { private_key: 'alpha-key', client_email: 'svc@alpha.example.com', client_id: '1' },
    });
    const aAway = await new OutOfOfficeService(stack.db('scheduling')).create(aMember.id, { start: '2031-04-01', end: '2031-04-02' }, async () => true);

    // B: another organization with a team (and a custom role), a sibling team inside A's organization, a standalone team.
    const orgBOwner = await person(`${MARKER}-org-owner`);
    const orgBSlug = `${MARKER}-org-${tag}`;
    const orgB = await operator.createOrganization({ name: 'Bravo org', slug: orgBSlug, ownerId: orgBOwner.id });
    world = {
      orgA: orgA.id,
      teamA: teamA.id,
      aOwner,
      aAdmin,
      aMember,
      orgAOwner,
      aInvitee,
      inviteeTeamId: 0,
      a: {
        orgId: orgA.id,
        teamId: teamA.id,
        eventTypeId: aEventType.id,
        linkId: await link(aEventType.id),
        membershipId: aMemberMembership.id,
        userId: aMember.id,
        scheduleId: aSchedule.id,
        bookingUid: aBooking.uid,
        attendeeId: (await stack.db('scheduling').query('SELECT id FROM attendees WHERE booking_id = $1', [aBooking.id]))[0].id,
        roleId: aRole.id,
        webhookId: 999_999,
        deliveryId: '00000000-0000-4000-8000-000000000000',
        apiKeyId: 999_999,
        attributeId: aAttribute.id,
        optionId: aOption.id,
        attributeOptionId: aOption.id,
        attributeSlug: aAttribute.slug,
        credentialId: aCredential.id,
        managedOrganizationId: aManaged.id,
        oooId: aAway.id,
        permission: 'role.readOrgRoles',
        id: 999_999,
        clientId: aClient.client.id,
        uid: 'no-such-reservation',
        app: 'google-meet',
        calendar: 'google',
        eventUid: 'no-such-event',
        routingFormId: '00000000-0000-4000-8000-000000000000',
        responseId: 999_999,
        workflowId: 999_999,
      },
      orgB: orgB.id,
      orgBSlug,
      bundles: [],
      b: { teamIds: new Set(), userIds: new Set(), eventTypeIds: new Set(), strings: new Set() },
    };
    const sibling = await bundle('sibling', orgA.id, null);
    const other = await bundle('other-org', orgB.id, orgBOwner);
    const standalone = await bundle('standalone', null, null);
    await new MembershipService(stack.db('organizations')).add({ teamId: standalone.teamId, userId: aInvitee.id, role: MembershipRole.ADMIN, accepted: false });
    world.inviteeTeamId = standalone.teamId;
    const role = await operator.createRole({
      organizationId: orgB.id,
      name: 'Bravo auditor',
      permissions: ['team.readMemberships', 'role.readOrgRoles', 'eventType.read'],
      description: MARKER,
    });
    await operator.assignRole(other.values.membershipId![1] as number, role.id);
    // Organization B's attributes (an option given to its member) and delegation credential, walked from every bundle like its role.
    const bAttribute = await attributes.create(orgB.id, {
      name: 'Bravo region',
      slug: `${MARKER}-region`,
      type: AttributeType.SINGLE_SELECT,
      options: [{ value: 'Bravo north', slug: `${MARKER}-north` }],
    });
    const [bOption] = await attributes.options(orgB.id, bAttribute.id);
    await attributes.assign(orgB.id, other.member.id, { attributeId: bAttribute.id, attributeOptionId: bOption.id });
    const bCredential = await new DelegationCredentialService(stack.db('organizations')).create(orgB.id, {
      domain: `${MARKER}-${tag}.example.com`,
      workspacePlatformSlug: 'google',
      serviceAccountKey: { private_key: `${MARKER}-key`, client_email: `svc@${MARKER}.example.com`, client_id: '2' },
    });
    const bManaged = (
      await managedOrganizations.create(orgB.id, { name: 'Bravo managed', slug: `${MARKER}-managed-${tag}`, metadata: { note: MARKER } }, issueKey)
    ).org;
    world.b.teamIds.add(bManaged.id);
    for (const b of [sibling, other, standalone]) {
      b.values.managedOrganizationId = [bManaged.id];
      b.values.roleId = [role.id];
      Object.assign(b.values, {
        attributeId: [bAttribute.id],
        optionId: [bOption.id],
        attributeOptionId: [bOption.id],
        attributeSlug: [bAttribute.slug],
        credentialId: [bCredential.id],
      });
    }
    [bAttribute.id, bOption.id, bCredential.id].forEach((id) => world.b.strings.add(id));
    // Credits of B's teams, organization and people: a charge through any path would show in the ledger.
    for (const teamId of [sibling.teamId, other.teamId, standalone.teamId, orgB.id]) await operator.grantCredits({ teamId }, 50);
    for (const b of [sibling, other, standalone]) await operator.grantCredits({ userId: b.owner.id }, 50);
    world.bundles = [sibling, other, standalone];

    for (const b of world.bundles) {
      [b.teamId, b.orgId].forEach((id) => id != null && id !== orgA.id && world.b.teamIds.add(id));
      [b.owner.id, b.member.id, ...(b.values.userId as number[])].forEach((id) => world.b.userIds.add(id));
      [b.teamEventTypeId, b.personalEventTypeId].forEach((id) => world.b.eventTypeIds.add(id));
      [
        ...b.bookingUids,
        ...(b.values.linkId as string[]),
        ...(b.values.uid as string[]),
        ...(b.values.routingFormId as string[]),
        role.id,
        b.owner.client!.id,
        ...(b.values.clientId as string[]),
      ].forEach((s) => world.b.strings.add(s));
    }
    world.b.teamIds.add(orgB.id);
    before = await snapshotOfB(stack, world);
    // Three teams' worth of every resource, made through the API: minutes on a busy machine.
  }, 300_000);
  afterAll(() => stack?.stop());

  it('B holds data in every table a team owns (the snapshot is not empty)', () => {
    for (const table of Object.keys(before)) expect({ table, empty: before[table].length === 0 }).toEqual({ table, empty: false });
  });

  // -------------------------------------------------------------------------------------------------
  // a. The REST route table, walked generically

  // POST /v2/api-keys/refresh addresses nothing but the caller's own key, which it revokes (test/oauth/platform.test.ts).
  const walked = ROUTES.filter((route) => !route.anonymous && route.path !== '/v2/api-keys/refresh');
  const paramsOf = (route: RouteEntry) => [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as ParamName);
  /**
   * Cancel and reschedule are public by uid (decisions.md): whoever holds a booking's uid may use them; so are
   * slot reservations by their uid. Tested apart, below.
   */
  const publicByUid = (route: RouteEntry) =>
    isPublicField(rootDefinition(rootFieldOf(route))) && (paramsOf(route).includes('bookingUid') || paramsOf(route).includes('uid'));
  /**
   * `{app}` (a conferencing app's slug) names no resource of anybody: the caller's own apps are addressed by it;
   * so do `{calendar}` (google, office365) and `{eventUid}` (an event of the caller's own connected calendar).
   */
  const idParamsOf = (route: RouteEntry) => paramsOf(route).filter((p) => !['app', 'calendar', 'eventUid'].includes(p));
  const targeting = walked.filter((route) => idParamsOf(route).length > 0 && !publicByUid(route));
  const untargeted = walked.filter((route) => idParamsOf(route).length === 0);
  const reads = walked.filter((route) => route.method === 'GET' && paramsOf(route).length > 0);

  /** The platform client a caller acts through on /v2/oauth-clients/…: A's callers all use team A's owner's client. */
  const platformHeadersOf = (route: RouteEntry, caller: Caller | Person): Record<string, string> => {
    if (!route.platformClientIdParam) return {};
    const client = (typeof caller === 'string' ? world.aOwner : caller).client!;
    return { 'x-svc-client-id': client.id, 'x-svc-secret-key': client.secret };
  };
  const call = (route: RouteEntry, path: string, caller: Caller | Person) =>
    stack.rest(route.method, path, {
      key: typeof caller === 'string' ? keyOf(caller) : caller.key,
      body: bodyOf(route),
      headers: { ...(route.version ? { 'svc-api-version': route.version } : {}), ...platformHeadersOf(route, caller) },
    });
  const fill = (route: RouteEntry, values: Record<string, string | number>) =>
    route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name])));
  const label = (route: RouteEntry) => `${route.method} ${route.path}${route.version ? ` (${route.version})` : ''}`;

  it('walks every route of the table', () => {
    expect(walked.length).toBeGreaterThan(50);
    expect(targeting.length + untargeted.length + walked.filter(publicByUid).length).toBe(walked.length);
    // A route with a parameter this test has no value for would be walked with "undefined": give B one first.
    const known: ParamName[] = [
      'orgId',
      'teamId',
      'eventTypeId',
      'linkId',
      'membershipId',
      'userId',
      'scheduleId',
      'bookingUid',
      'roleId',
      'webhookId',
      'deliveryId',
      'apiKeyId',
      'attributeId',
      'optionId',
      'attributeOptionId',
      'attributeSlug',
      'credentialId',
      'oooId',
      'permission',
      'id',
      'clientId',
      'attendeeId',
      'uid',
      'app',
      'calendar',
      'eventUid',
      'routingFormId',
      'responseId',
      'workflowId',
      'managedOrganizationId',
    ];
    for (const route of walked)
      for (const param of paramsOf(route))
        expect({ route: label(route), param, known: known.includes(param) }).toEqual({ route: label(route), param, known: true });
  });

  it('the owner’s walk covers the admin’s and the member’s mixes of A’s team values: every @pbac role list of the supergraph is upward closed (MEMBER → ADMIN → OWNER)', () => {
    const lists: string[][] = [];
    for (const type of Object.values(supergraph.getTypeMap())) {
      if (!isObjectType(type)) continue;
      for (const field of Object.values(type.getFields())) {
        for (const directive of field.astNode?.directives ?? []) {
          if (directive.name.value !== 'pbac') continue;
          const roles = directive.arguments?.find((a) => a.name.value === 'roles')?.value;
          lists.push(roles?.kind === Kind.LIST ? roles.values.map((v) => (v.kind === Kind.STRING ? v.value : '?')) : ['ADMIN', 'OWNER']);
        }
      }
    }
    expect(lists.length).toBeGreaterThan(50);
    const ladder = ['MEMBER', 'ADMIN', 'OWNER'];
    const notUpwardClosed = lists.filter((roles) => roles.some((role) => ladder.slice(ladder.indexOf(role)).some((higher) => !roles.includes(higher))));
    expect(notUpwardClosed).toEqual([]);
  });

  describe('routes that address a resource of B (path parameters from B, or A’s and B’s mixed): 403 or 404, as team A’s owner, admin, member, a member invited to B (not accepted) and A’s organization owner', () => {
    for (const route of targeting) {
      it(label(route), async () => {
        const wrong: string[] = [];
        const requests: Array<{ caller: Caller; path: string }> = [];
        const seen = new Set<string>();
        for (const caller of TARGETING_CALLERS) {
          for (const b of bundlesFor(world, caller)) {
            for (const values of combinations(paramsOf(route), world.a, b.values)) {
              if (!sends(world, caller, b, values)) continue;
              const path = fill(route, values) + queryOf(route, b);
              if (!seen.has(`${caller} ${path}`)) requests.push({ caller, path });
              seen.add(`${caller} ${path}`);
            }
          }
        }
        expect(requests.length).toBeGreaterThan(0);
        sent.targeting += requests.length;
        await inBatches(requests, 8, async ({ caller, path }) => {
          const { status, body } = await call(route, path, caller);
          const leaks = leaksIn(world, body, sentIn(path));
          if (![403, 404].includes(status) || leaks.length)
            wrong.push(`${caller} ${route.method} ${path} → ${status} ${JSON.stringify(body).slice(0, 300)} ${leaks.join(', ')}`);
        });
        expect(wrong).toEqual([]);
      });
    }
  });

  describe('routes that address no resource of B (the caller’s own, public ones), with B’s ids in the query: never a 500, nothing of B in the answer', () => {
    for (const route of untargeted) {
      it(label(route), async () => {
        const wrong: string[] = [];
        for (const caller of CALLERS) {
          // (a route without query parameters is the same request for every bundle: sent once)
          for (const query of new Set(world.bundles.map((b) => queryOf(route, b)))) {
            sent.untargeted += 1;
            const { status, body } = await call(route, fill(route, world.a) + query, caller);
            const leaks = leaksIn(world, body, status >= 400 ? sentIn(query) : []);
            if (status >= 500 || leaks.length) wrong.push(`${caller} ${route.method} ${route.path}${query} → ${status} ${leaks.join(', ')}`);
          }
        }
        expect(wrong).toEqual([]);
      });
    }
  });

  describe('reads of A’s own resources with B’s filters in the query: nothing of B in the answer', () => {
    for (const route of reads) {
      it(label(route), async () => {
        const wrong: string[] = [];
        for (const caller of CALLERS) {
          for (const path of new Set(world.bundles.map((b) => fill(route, world.a) + queryOf(route, b)))) {
            sent.untargeted += 1;
            const { status, body } = await call(route, path, caller);
            const leaks = leaksFor(caller, world, body, status >= 400 ? sentIn(path) : []);
            if (status >= 500 || leaks.length) wrong.push(`${caller} GET ${path} → ${status} ${leaks.join(', ')}`);
          }
        }
        expect(wrong).toEqual([]);
      });
    }
  });

  // -------------------------------------------------------------------------------------------------
  // b. GraphQL: every root field taking an id, and nested paths

  describe('GraphQL root fields taking a team, organization, user, event type, booking (or other) id of B: FORBIDDEN or NOT_FOUND, and nothing of B in data', () => {
    const fields = rootFieldsTakingIds();

    it('finds the root fields to walk in the supergraph', () => {
      const names = fields.map((f) => f.field.name);
      for (const expected of [
        'organization',
        'organizationUser',
        'team',
        'teamEventTypes',
        'teamEventType',
        'booking',
        'eventType',
        'organizationTeamMemberships',
        'removeTeamMembership',
      ]) {
        expect(names).toContain(expected);
      }
    });

    for (const { operation, field } of fields) {
      const publicUid = isPublicField(field) && field.args.some((a) => a.name === 'uid');
      if (publicUid) continue; // cancelBooking, rescheduleBooking: below
      // Optional id arguments only filter the caller's own list (bookings) or a public answer (availableSlots).
      const lookup = field.args.some((a) => (ID_ARGUMENTS[a.name] || NAME_ARGUMENTS.includes(a.name)) && isNonNullType(a.type));
      it(`${operation} ${field.name}(${field.args.map((a) => a.name).join(', ')})${lookup ? '' : ' (filter only)'}`, async () => {
        const idArgs = field.args.filter((a) => idArgumentOf(field, a));
        const params = idArgs.map((a) => idArgumentOf(field, a)!);
        const wrong: string[] = [];
        const probeOf = (selection: string) =>
          `${operation} Probe(${field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ')}) { ${field.name}${field.args.length ? `(${field.args.map((a) => `${a.name}: $${a.name}`).join(', ')})` : ''} ${selection} }`;
        // The deep selection looks for B's data in whatever the field answers; when the field itself refuses,
        // it answers nothing and the selection below it is never resolved: a probe of the field alone (half
        // to a third of the cost of a deep one at the gateway) tells the same, and the deep probe follows only
        // when the field was not refused (a mutation that was not refused runs twice: on A's own data, or
        // the walk fails anyway).
        const deep = probeOf(selectionWithinTokenLimit(field.type, 4));
        const shallow = probeOf(selectionOf(field.type, 0));
        const refusedItself = (body: any) =>
          body.data?.[field.name] == null &&
          body.errors?.length > 0 &&
          body.errors.every((e: any) => e.path?.length === 1 && e.path[0] === field.name && ['FORBIDDEN', 'NOT_FOUND'].includes(e.extensions?.code));
        const probes: Array<{ caller: Caller; values: Record<string, string | number | null>; variables: Record<string, unknown> }> = [];
        for (const caller of ['aOwner', 'aAdmin', 'orgAOwner'] as Caller[]) {
          for (const b of bundlesFor(world, caller)) {
            const combos: Array<Record<string, string | number | null>> = params.length ? combinations(params, world.a, b.values) : [{}];
            // An optional id (orgId of the team fields) is also tried left out: the team path.
            for (const arg of idArgs.filter((a) => !isNonNullType(a.type))) {
              const param = idArgumentOf(field, arg)!;
              for (const c of [...combos]) if (params.some((p) => p !== param && c[p] !== world.a[p])) combos.push({ ...c, [param]: null });
            }
            // A filter-only field answers the caller's own list: every caller sends every mix.
            for (const values of combos.filter((c) => !lookup || sends(world, caller, b, c))) {
              const variables: Record<string, unknown> = {};
              for (const arg of field.args) {
                const param = idArgumentOf(field, arg);
                if (param) variables[arg.name] = values[param];
                else if (arg.name === 'ids') variables.ids = [b.owner.id, b.member.id];
                else if (arg.name === 'slug' || arg.name === 'teamSlug') variables[arg.name] = b.teamSlug;
                // eventTypes(username:) is the public lookup of a user's event types (GET /v2/event-types?username=, public in
                // the reference, as a booking page): it answers B's member's shown event types to anyone by design
                // (test/conformance/event-types.test.ts); walked here without it, it is the caller's own list.
                else if (arg.name === 'username') variables.username = field.name === 'eventTypes' ? null : b.member.username;
                else if (arg.name === 'organizationSlug') variables.organizationSlug = world.orgBSlug;
                else if (arg.name === 'eventTypeSlug') variables.eventTypeSlug = b.teamEventTypeSlug;
                else if (arg.name === 'startTime') variables.startTime = '2031-02-01';
                else if (arg.name === 'endTime') variables.endTime = '2031-02-14';
                else if (arg.name === 'input') variables.input = PLAUSIBLE_INPUT[field.name]?.() ?? minimalInput(arg.type);
                else if (isNonNullType(arg.type)) variables[arg.name] = minimalInput(arg.type);
              }
              probes.push({ caller, values, variables });
            }
          }
        }
        sent.graphql += probes.length;
        const check = (caller: Caller, values: Record<string, string | number | null>, variables: Record<string, unknown>, body: any) => {
          const codes = (body.errors ?? []).map((e: { extensions?: { code?: string } }) => e.extensions?.code);
          // A filter-only field may repeat its arguments (availableSlots answers its eventTypeId).
          const echo = lookup
            ? []
            : Object.values(variables).filter((v): v is string | number => typeof v === 'number' || (typeof v === 'string' && v.length >= 6));
          const leaks = leaksFor(caller, world, body.data, echo);
          const refused = codes.length > 0 && codes.every((c: string) => c === 'FORBIDDEN' || c === 'NOT_FOUND');
          // Optional id arguments of a lookup only filter it (teamBookings(teamId: A, eventTypeId: B) is A's list, filtered to nothing).
          const requiredIds = idArgs.filter((a) => isNonNullType(a.type));
          const targetsB = requiredIds.length === 0 || requiredIds.some((a) => values[idArgumentOf(field, a)!] !== world.a[idArgumentOf(field, a)!]);
          if (leaks.length || codes.includes('INTERNAL_SERVER_ERROR') || (lookup && targetsB && !refused)) {
            wrong.push(
              `${caller} ${field.name}(${JSON.stringify(variables).slice(0, 200)}) → ${JSON.stringify(codes)} ${JSON.stringify(body.data ?? body.errors ?? null).slice(0, 300)} ${leaks.join(', ')}`,
            );
          }
        };
        await inBatches(probes, 8, async ({ caller, values, variables }) => {
          const first = await stack.graphql(shallow, variables, keyOf(caller));
          if (deep === shallow || refusedItself(first.body)) return check(caller, values, variables, first.body);
          // (a mutation has acted already: what the first answer says counts as well)
          if (operation === 'mutation') check(caller, values, variables, first.body);
          sent.deepGraphql += 1;
          check(caller, values, variables, (await stack.graphql(deep, variables, keyOf(caller))).body);
        });
        expect(wrong).toEqual([]);
      });
    }
  });

  describe('GraphQL nested paths from what team A may read', () => {
    const expectNothingOfB = (body: any) => expect(leaksIn(world, body.data)).toEqual([]);
    const codesOf = (body: any): string[] => (body.errors ?? []).map((e: any) => e.extensions?.code);

    it('me → memberships → team → members / organization: only A’s teams, and no team of B through A’s organization', async () => {
      for (const caller of ['aOwner', 'aAdmin', 'aMember'] as Caller[]) {
        const { body } = await stack.graphql(
          `{ me { id memberships { teamId team { id name slug members { userId user { email username } team { id name } } organization { id name slug teams { id name slug members { userId user { email } } } } } } } }`,
          {},
          keyOf(caller),
        );
        expectNothingOfB(body);
        // (aOwner also has the teams POST /v2/teams created above.)
        const teams = body.data?.me?.memberships?.map((m: any) => m.teamId) ?? [];
        expect(teams).toContain(world.teamA);
        expect(codesOf(body).every((c) => c === 'FORBIDDEN')).toBe(true);
      }
    });

    it('me → bookings → eventType → team → members (A’s own bookings): only A', async () => {
      const { body } = await stack.graphql(
        `{ me { bookings { uid eventType { id team { id name members { user { email } } organization { teams { id name } } } hosts { id name } } attendees { email } } } }`,
        {},
        world.aAdmin.key,
      );
      expectNothingOfB(body);
      expect(body.data?.me?.bookings?.length).toBe(1);
    });

    it('organization(orgId: B’s organization) and organization(orgId: A’s) for team-only members: FORBIDDEN', async () => {
      for (const caller of CALLERS) {
        for (const orgId of [world.orgB, ...(caller === 'orgAOwner' ? [] : [world.orgA])]) {
          const { body } = await stack.graphql(
            `query($orgId: Int!) { organization(orgId: $orgId) { id name teams { id name members { user { email } } } } }`,
            { orgId },
            keyOf(caller),
          );
          expect({ caller, orgId, codes: codesOf(body), data: body.data }).toEqual({ caller, orgId, codes: ['FORBIDDEN'], data: null });
        }
      }
    });

    it('team(teamId: B) and teamEventTypes(teamId: B) → hosts / team / members: FORBIDDEN', async () => {
      for (const caller of CALLERS) {
        for (const b of bundlesFor(world, caller)) {
          const team = await stack.graphql(`query($id: Int!) { team(teamId: $id) { id name members { user { email } } } }`, { id: b.teamId }, keyOf(caller));
          expect({ caller, team: b.label, codes: codesOf(team.body), data: team.body.data }).toEqual({
            caller,
            team: b.label,
            codes: ['FORBIDDEN'],
            data: null,
          });
          const types = await stack.graphql(
            `query($id: Int!, $org: Int) { teamEventTypes(teamId: $id, orgId: $org) { items { id hosts { id name } team { name members { user { email } } } } } }`,
            { id: b.teamId, org: caller === 'orgAOwner' ? world.orgA : b.orgId },
            keyOf(caller),
          );
          expect(codesOf(types.body).length).toBe(1);
          expect(['FORBIDDEN', 'NOT_FOUND']).toContain(codesOf(types.body)[0]);
          expectNothingOfB(types.body);
        }
      }
    });

    it('eventType(B’s) → team → members, booking(uid: B’s) → eventType → team: NOT_FOUND', async () => {
      for (const b of world.bundles) {
        for (const id of [b.teamEventTypeId, b.personalEventTypeId]) {
          const { body } = await stack.graphql(
            `query($id: Int!) { eventType(eventTypeId: $id) { id hosts { id name } team { name members { user { email } } } } }`,
            { id },
            world.aAdmin.key,
          );
          expect({ codes: codesOf(body), data: body.data }).toEqual({ codes: ['NOT_FOUND'], data: null });
        }
        for (const uid of b.bookingUids) {
          const { body } = await stack.graphql(
            `query($uid: String!) { booking(uid: $uid) { uid attendees { email } eventType { team { members { user { email } } } } } }`,
            { uid },
            world.aAdmin.key,
          );
          expect({ codes: codesOf(body), data: body.data }).toEqual({ codes: ['NOT_FOUND'], data: null });
        }
      }
    });

    it('organizationUser(orgId: B’s organization, userId: B’s member) { schedules }: FORBIDDEN; through A’s organization: NOT_FOUND (not a member of it)', async () => {
      const other = world.bundles.find((b) => b.orgId === world.orgB)!;
      const query = `query($org: Int!, $user: Int!) { organizationUser(orgId: $org, userId: $user) { userId user { email } schedules { id name ownerId } } }`;
      for (const caller of CALLERS) {
        const { body } = await stack.graphql(query, { org: world.orgB, user: other.member.id }, keyOf(caller));
        expect({ caller, codes: codesOf(body), data: body.data }).toEqual({ caller, codes: ['FORBIDDEN'], data: null });
      }
      const { body } = await stack.graphql(query, { org: world.orgA, user: other.member.id }, world.orgAOwner.key);
      expect({ codes: codesOf(body), data: body.data }).toEqual({ codes: ['NOT_FOUND'], data: null });
    });
  });

  describe('ids of B in the body of a write on A’s own resources: refused, B untouched', () => {
    it('hosts of B on A’s team event types (create and update): 400 naming hosts', async () => {
      for (const b of world.bundles) {
        for (const hosts of [[{ userId: b.member.id }], [{ userId: b.owner.id }, { userId: world.aAdmin.id }]]) {
          const created = await stack.rest('POST', `/v2/teams/${world.teamA}/event-types`, {
            key: world.aAdmin.key,
            body: { title: 'Alpha with B', slug: `alpha-with-b-${randomBytes(3).toString('hex')}`, lengthInMinutes: 30, hosts },
          });
          expect({ status: created.status, message: created.body.error?.message }).toEqual({
            status: 400,
            message: expect.stringMatching(/^hosts: user \d+ is not an accepted member of team/),
          });
          const updated = await stack.rest('PATCH', `/v2/organizations/${world.orgA}/teams/${world.teamA}/event-types/${world.a.eventTypeId}`, {
            key: world.orgAOwner.key,
            body: { hosts },
          });
          expect(updated.status).toBe(400);
        }
      }
    });

    it('moving A’s event types into a team of B (teamId in the PATCH body): 400 naming teamId', async () => {
      const personal = await stack.rest('POST', '/v2/event-types', {
        key: world.aAdmin.key,
        body: { title: 'Alpha solo', slug: `alpha-solo-${randomBytes(3).toString('hex')}`, lengthInMinutes: 30 },
      });
      expect(personal.status).toBe(201);
      for (const b of world.bundles) {
        const team = await stack.rest('PATCH', `/v2/teams/${world.teamA}/event-types/${world.a.eventTypeId}`, {
          key: world.aAdmin.key,
          body: { teamId: b.teamId },
        });
        expect({ status: team.status, message: team.body.error?.message }).toEqual({ status: 400, message: expect.stringMatching(/^teamId/) });
        const own = await stack.rest('PATCH', `/v2/event-types/${personal.body.data.id}`, { key: world.aAdmin.key, body: { teamId: b.teamId } });
        expect({ status: own.status, message: own.body.error?.message }).toEqual({ status: 400, message: expect.stringMatching(/^teamId/) });
      }
    });

    const bookingInput = supergraph.getType('CreateBookingInput');
    const hasPrivateLinks = isInputObjectType(bookingInput) && 'privateLinkId' in bookingInput.getFields();
    (hasPrivateLinks ? it : it.skip)('booking A’s event type through a private link of B: refused, the link is not used', async () => {
      for (const b of world.bundles) {
        for (const privateLinkId of b.values.linkId as string[]) {
          const { status } = await stack.rest('POST', '/v2/bookings', {
            key: world.aAdmin.key,
            headers: { 'svc-api-version': '2024-08-13' },
            body: {
              eventTypeId: world.a.eventTypeId,
              start: '2031-02-20T10:00:00Z',
              attendee: { name: 'Alpha guest', email: 'alpha-guest@example.com', timeZone: 'Europe/London' },
              privateLinkId,
            },
          });
          expect(status).toBe(400);
        }
      }
    });
  });

  describe('the boundary decided in docs/decisions.md: an organization MEMBER (not a team member) reads every team of the organization, not its members', () => {
    it('a member of the organization and of B’s sibling team reads team A’s event types on the organization path and team A through Organization.teams, but not its members (issue 21), its roster route nor team(teamId)', async () => {
      const sibling = world.bundles.find((b) => b.orgId === world.orgA)!;
      const key = sibling.member.key;
      expect((await stack.rest('GET', `/v2/organizations/${world.orgA}/teams/${world.teamA}/event-types`, { key })).status).toBe(200);
      expect((await stack.rest('GET', `/v2/teams/${world.teamA}/event-types`, { key })).status).toBe(403);
      expect((await stack.rest('GET', `/v2/organizations/${world.orgA}/teams/${world.teamA}/memberships`, { key })).status).toBe(403);
      const { body } = await stack.graphql(`query($org: Int!) { organization(orgId: $org) { teams { id members { userId } } } }`, { org: world.orgA }, key);
      expect(body.data.organization.teams.find((t: any) => t.id === world.teamA)).toEqual({ id: world.teamA, members: null });
      expect(body.errors.map((e: any) => e.extensions.code)).toEqual(body.data.organization.teams.map(() => 'FORBIDDEN'));
      expect((await stack.graphql(`query($id: Int!) { team(teamId: $id) { id } }`, { id: world.teamA }, key)).body.errors[0].extensions.code).toBe('FORBIDDEN');
    });
  });

  describe('Organization.teams is for the organization’s members, wherever the Organization is reached from (fix)', () => {
    const query = `{ me { memberships { team { organization { id name teams { id name } } } } } }`;

    it('a member of one of its teams who is not in the organization: FORBIDDEN on teams', async () => {
      const { body } = await stack.graphql(query, {}, world.aAdmin.key);
      expect(body.errors.map((e: any) => [e.extensions.code, e.path.join('.')])).toEqual([['FORBIDDEN', 'me.memberships.0.team.organization.teams']]);
      // teams is non-null: the error nulls the (nullable) organization of team A's membership
      expect(body.data.me.memberships[0].team.organization).toBeNull();
      expect(leaksIn(world, body.data)).toEqual([]);
    });

    it('a member of the organization sees its teams', async () => {
      const sibling = world.bundles.find((b) => b.orgId === world.orgA)!;
      const { body } = await stack.graphql(query, {}, sibling.member.key);
      expect(body.errors).toBeUndefined();
      const teams = body.data.me.memberships.flatMap((m: any) => m.team.organization?.teams ?? []).map((t: any) => t.id);
      expect(teams).toEqual(expect.arrayContaining([world.teamA, sibling.teamId]));
    });
  });

  it('the walks really ran: thousands of requests with B’s ids', () => {
    expect(sent.targeting).toBeGreaterThan(2000);
    expect(sent.untargeted).toBeGreaterThan(300);
    expect(sent.graphql).toBeGreaterThan(1000);
    // fields that answered (filter-only ones, lookups of A's with B's filters) were probed deep
    expect(sent.deepGraphql).toBeGreaterThan(100);
  });

  it('B’s rows are exactly as they were after the whole walk', async () => {
    const after = await snapshotOfB(stack, world);
    for (const table of Object.keys(before)) expect({ table, rows: after[table] }).toEqual({ table, rows: before[table] });
  });

  // -------------------------------------------------------------------------------------------------
  // Controls: the bodies of the walk are ones that succeed for whoever may act

  it('control: the same write bodies succeed for B’s own owner on B’s resources (so the walk’s 403/404 are refusals, not bad bodies)', async () => {
    const other = world.bundles.find((b) => b.orgId === world.orgB)!;
    const own: Record<string, string | number> = {
      orgId: world.orgB,
      teamId: other.teamId,
      eventTypeId: other.teamEventTypeId,
      linkId: other.values.linkId![0],
      roleId: other.values.roleId![0],
      attributeId: other.values.attributeId![0],
      optionId: other.values.optionId![0],
      credentialId: other.values.credentialId![0],
      managedOrganizationId: other.values.managedOrganizationId![0],
      userId: other.member.id,
      oooId: other.values.oooId![0],
      app: 'google-meet',
      calendar: 'google',
      eventUid: 'no-such-event',
      routingFormId: other.values.routingFormId![0],
      responseId: other.values.responseId![0],
      workflowId: other.values.workflowId![0],
    };
    const personal: Record<string, string | number> = {
      eventTypeId: other.personalEventTypeId,
      linkId: other.values.linkId![1],
      scheduleId: other.values.scheduleId![1],
      webhookId: other.values.webhookId![0],
      deliveryId: other.values.deliveryId![0],
      oooId: other.values.oooId![1],
    };
    // Bodies that name B's own records (the walk sends them with minimal ones).
    const controlBody: Record<string, unknown> = {
      assignOrganizationRole: { membershipId: other.values.membershipId![0] },
      assignOrganizationAttributeOption: { attributeId: own.attributeId, attributeOptionId: own.optionId },
    };
    // Verifying needs the code sent to the address (test/rest/verified-resources.test.ts); a phone code needs an SMS provider.
    const needsCode = (route: RouteEntry) => route.path.endsWith('/verification-code/verify');
    const sms = createServer((_req, res) => res.writeHead(202).end());
    await new Promise<void>((resolve) => sms.listen(0, '127.0.0.1', resolve));
    process.env.SMS_PROVIDER_URL = `http://127.0.0.1:${(sms.address() as AddressInfo).port}/`;
    // a webhook of B's personal event type is reached through that event type only
    const eventTypeHook: Record<string, string | number> = { ...personal, webhookId: other.values.webhookId![2] };
    // the webhook families reached through their owner's path
    const familyValues = (route: RouteEntry): Record<string, string | number> | undefined => {
      if (route.path.startsWith('/v2/organizations/{orgId}/webhooks')) return { orgId: world.orgB, webhookId: other.hooks.organization! };
      if (route.path === '/v2/oauth-clients/{clientId}') return { clientId: other.values.clientId![1] };
      if (route.path.startsWith('/v2/oauth-clients/{clientId}/users')) return { clientId: other.owner.client!.id, userId: other.values.userId![2] };
      if (route.path.startsWith('/v2/oauth-clients/')) return { clientId: other.owner.client!.id, webhookId: other.hooks.oAuthClient };
      if (paramsOf(route).includes('teamId') && route.path.includes('/event-types/{eventTypeId}/webhooks'))
        return { ...own, webhookId: other.hooks.teamEventType };
      // B's routing-form workflow (its event-type workflow is not found on these paths)
      if (route.path.endsWith('/workflows/{workflowId}/routing-form')) return { ...own, workflowId: other.values.workflowId![1] };
      return undefined;
    };
    // Organization routes: a user B's organization created (its to edit; a member of the organization, not
    // of B's team) and a user outside it; memberships of B's team member in the team and in the organization.
    const created = await stack.rest('POST', `/v2/organizations/${world.orgB}/users`, {
      key: other.owner.key,
      body: { email: `control-${randomBytes(3).toString('hex')}@example.com` },
    });
    expect(created.status).toBe(201);
    controlUsers.orgMember = created.body.data.id;
    const recruit = await stack.rest('POST', `/v2/organizations/${world.orgB}/users`, {
      key: other.owner.key,
      body: { email: `control-${randomBytes(3).toString('hex')}@example.com` },
    });
    expect(recruit.status).toBe(201);
    controlUsers.orgRecruit = recruit.body.data.id;
    controlUsers.outsider = (await person('control-outsider')).id;
    // Booking actions need a booking of B's team in the state the action moves (docs/decisions.md): a fresh one per route.
    const operator = operatorOf(stack);
    const teamBooking = async (status: BookingStatus, start = nextStart()) => ({
      bookingUid: (
        await operator.createBooking({
          eventTypeId: other.teamEventTypeId,
          start,
          attendee: { name: 'Control', email: 'control@example.com', timeZone: 'UTC' },
          hostId: other.member.id,
          status,
        })
      ).uid,
    });
    const [memberSchedule] = await stack.db('scheduling').query('SELECT id FROM schedules WHERE owner_id = $1 ORDER BY id LIMIT 1', [other.member.id]);
    const orgUser = { orgId: world.orgB, userId: other.member.id, scheduleId: memberSchedule.id };
    const actionValues: Record<string, () => Promise<Record<string, string | number>>> = {
      'POST /v2/bookings/{bookingUid}/confirm': () => teamBooking(BookingStatus.pending),
      'POST /v2/bookings/{bookingUid}/decline': () => teamBooking(BookingStatus.pending),
      'POST /v2/bookings/{bookingUid}/mark-absent': () => teamBooking(BookingStatus.accepted, new Date(Date.now() - 2 * 3_600_000)),
      'POST /v2/bookings/{bookingUid}/reassign': () => teamBooking(BookingStatus.accepted),
      'POST /v2/bookings/{bookingUid}/reassign/{userId}': async () => ({ ...(await teamBooking(BookingStatus.accepted)), userId: other.owner.id }),
      'POST /v2/bookings/{bookingUid}/request-reschedule': () => teamBooking(BookingStatus.accepted),
      'POST /v2/bookings/{bookingUid}/guests': () => teamBooking(BookingStatus.accepted),
      'PATCH /v2/bookings/{bookingUid}/location': () => teamBooking(BookingStatus.accepted),
      'POST /v2/bookings/{bookingUid}/attendees': () => teamBooking(BookingStatus.accepted),
      'POST /v2/organizations/{orgId}/users/{userId}/schedules': async () => orgUser,
      'PATCH /v2/organizations/{orgId}/users/{userId}/schedules/{scheduleId}': async () => orgUser,
    };
    const wrong: string[] = [];
    // A phone call needs a call provider and the caller's own API key in the body: test/rest/phone-call.test.ts shows its owner succeeds.
    // calculate-slots needs a form routed to an event type and a start and end: test/integrations/provider-oauth.test.ts shows its admins succeed.
    // Answering an invitation needs an invitation of the caller's own: test/rest/membership-consent.test.ts shows the person succeeds.
    // A refresh needs a live refresh token of B's managed user, which force-refresh (walked before it) revokes: test/oauth/platform.test.ts shows the client succeeds.
    const writes = targeting.filter(
      (route) =>
        ['POST', 'PATCH', 'PUT'].includes(route.method) &&
        !needsCode(route) &&
        !route.path.endsWith('/create-phone-call') &&
        !route.path.endsWith('/calculate-slots') &&
        route.path !== '/v2/oauth/{clientId}/refresh' &&
        !route.path.startsWith('/v2/me/memberships/'),
    );
    try {
      for (const route of writes) {
        const teamScoped = paramsOf(route).includes('teamId') || paramsOf(route).includes('orgId');
        own.membershipId = other.values.membershipId![route.path.startsWith('/v2/organizations/{orgId}/memberships') ? 1 : 0];
        // B's out-of-office entries belong to B's member; the other organization-user routes edit the user B's organization created.
        own.userId = route.path.includes('/ooo') ? other.member.id : controlUsers.orgMember!;
        const action = actionValues[`${route.method} ${route.path}`];
        const values = action
          ? await action()
          : (familyValues(route) ?? (teamScoped ? own : route.path.startsWith('/v2/event-types/{eventTypeId}/webhooks/') ? eventTypeHook : personal));
        const path = fill(route, values);
        const body = controlBody[rootFieldOf(route)];
        const { status, body: answer } = body ? await stack.rest(route.method, path, { key: other.owner.key, body }) : await call(route, path, other.owner);
        if (status >= 300) wrong.push(`${label(route)} → ${status} ${JSON.stringify(answer).slice(0, 200)}`);
      }
    } finally {
      delete process.env.SMS_PROVIDER_URL;
      await new Promise((resolve) => sms.close(resolve));
    }
    expect(wrong).toEqual([]);
  });

  // -------------------------------------------------------------------------------------------------
  // Public booking routes: whoever holds a booking's uid may cancel or reschedule it (decisions.md, "Bookings")

  describe('public booking routes (by design: the uid is the capability; flagged, not changed)', () => {
    it('slot reservations: B’s reservation uid never appears in what A reads (slots of B’s event type included); a wrong uid is a 404', async () => {
      for (const b of world.bundles) {
        const slots = await stack.rest('GET', `/v2/slots?eventTypeId=${b.teamEventTypeId}&start=2031-02-01&end=2031-02-14`, { key: world.aAdmin.key });
        expect(slots.status).toBe(200);
        expect(leaksIn(world, slots.body)).toEqual([]);
      }
      const missing = await stack.rest('GET', '/v2/slots/reservations/no-such-reservation', { key: world.aAdmin.key });
      expect(missing.status).toBe(404);
    });

    it('booker e-mail codes (POST /v2/bookings/email-verification-code, public like booking): for B’s event types the answer names only what was sent, never B’s data', async () => {
      for (const b of world.bundles) {
        // B's event types do not ask bookers to verify their e-mail: a 400 naming eventTypeId, nothing of B in it.
        const { status, body } = await stack.rest('POST', '/v2/bookings/email-verification-code', {
          key: world.aAdmin.key,
          body: { eventTypeId: b.teamEventTypeId, email: 'a-admin-probe@example.com' },
        });
        expect(status).toBe(400);
        expect(leaksIn(world, body)).toEqual([]);
      }
    });

    it('team A’s admin who holds a uid of B’s booking can cancel it, and the answer shows B’s host and attendee', async () => {
      const b = world.bundles.find((x) => x.orgId === world.orgB)!;
      const uid = b.bookingUids[0];
      const { status, body } = await stack.rest('POST', `/v2/bookings/${uid}/cancel`, {
        key: world.aAdmin.key,
        body: { cancellationReason: 'not mine' },
        headers: { 'svc-api-version': '2024-08-13' },
      });
      expect(status).toBe(200);
      expect(body.data.status).toBe('cancelled');
      expect(leaksIn(world, body.data)).not.toEqual([]);
    });

    it('… and reschedule one (answers the new booking, the old one is cancelled)', async () => {
      const b = world.bundles.find((x) => x.orgId === null)!;
      const uid = b.bookingUids[1];
      const { status, body } = await stack.rest('POST', `/v2/bookings/${uid}/reschedule`, {
        key: world.aAdmin.key,
        body: { start: '2031-03-04T11:00:00Z', reschedulingReason: 'not mine' },
        headers: { 'svc-api-version': '2024-08-13' },
      });
      expect(status).toBe(201);
      expect(body.data.rescheduledFromUid).toBe(uid);
    });

    it('through GraphQL the cancelled booking leads on to its event type and team, but not to the team’s members nor the organization’s teams', async () => {
      const sibling = world.bundles.find((x) => x.orgId === world.orgA)!;
      const { body } = await stack.graphql(
        `mutation($uid: String!) { cancelBooking(uid: $uid, input: {}) { uid status eventType { id roster: team { members { user { email } } } team { name organization { name teams { id name } } } } } }`,
        { uid: sibling.bookingUids[0] },
        world.aAdmin.key,
      );
      expect(body.data.cancelBooking.status).toBe('cancelled');
      // The team's profile is shown (as on its booking page); each refusal nulls the nearest nullable field: members itself, teams' organization.
      expect(body.data.cancelBooking.eventType).toEqual({
        id: sibling.teamEventTypeId,
        roster: { members: null },
        team: { name: 'Bravo sibling', organization: null },
      });
      expect(body.errors.map((e: any) => [e.extensions.code, e.path.slice(-1)[0]]).sort()).toEqual([
        ['FORBIDDEN', 'members'],
        ['FORBIDDEN', 'teams'],
      ]);
    });

    it('without the uid nothing of B is reachable: GET /v2/bookings as A lists none of B’s bookings', async () => {
      for (const caller of CALLERS) {
        const { status, body } = await stack.rest('GET', '/v2/bookings?take=250', { key: keyOf(caller), headers: { 'svc-api-version': '2024-08-13' } });
        expect(status).toBe(200);
        expect(leaksIn(world, body)).toEqual([]);
      }
    });
  });
});

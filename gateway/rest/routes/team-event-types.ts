import {
  CreateOrgTeamEventTypeDocument,
  CreateTeamEventTypeDocument,
  DeleteOrgTeamEventTypeDocument,
  DeleteTeamEventTypeDocument,
  GetOrgTeamEventTypeDocument,
  GetOrgTeamEventTypesDocument,
  GetOrganizationTeamsEventTypesDocument,
  GetTeamEventTypeDocument,
  GetTeamEventTypesDocument,
  UpdateOrgTeamEventTypeDocument,
  UpdateTeamEventTypeDocument,
} from '../contracts/generated';
import { DEVIATION } from '../deviations';
import { route, RouteEntry } from '../route';
import { EVENT_TYPE_NULLS } from './event-type-fields';

/** Where creating and updating a team event type answers differently from the real service (docs/compatibility.md, "Event types"). */
const WRITE_DEVIATIONS = [
  DEVIATION.blockUnconfirmed,
  DEVIATION.durationLimitsOf15,
  DEVIATION.hostOutsideTeam,
  DEVIATION.phoneOnlyEventType,
  DEVIATION.seatsWithRecurrence,
  DEVIATION.seatedCollective,
];

/**
 * The team event type routes, once under /v2/teams/{teamId} and once under
 * /v2/organizations/{orgId}/teams/{teamId} (where the organization's admins may act too).
 */
function routesAt(scope: 'team' | 'org'): RouteEntry[] {
  const org = scope === 'org';
  const base = org ? '/v2/organizations/{orgId}/teams/{teamId}/event-types' : '/v2/teams/{teamId}/event-types';
  const tag = org ? 'Orgs / Teams / Event Types' : 'Teams / Event Types';
  const documents = org
    ? {
        list: GetOrgTeamEventTypesDocument,
        create: CreateOrgTeamEventTypeDocument,
        get: GetOrgTeamEventTypeDocument,
        update: UpdateOrgTeamEventTypeDocument,
        delete: DeleteOrgTeamEventTypeDocument,
      }
    : {
        list: GetTeamEventTypesDocument,
        create: CreateTeamEventTypeDocument,
        get: GetTeamEventTypeDocument,
        update: UpdateTeamEventTypeDocument,
        delete: DeleteTeamEventTypeDocument,
      };
  const where = org ? 'an organization team' : 'a team';
  return [
    route({
      method: 'GET',
      path: base,
      tag,
      summary: `Get the event types of ${where} (any member)`,
      document: documents.list,
      result: 'teamEventTypes',
      nulls: EVENT_TYPE_NULLS,
      paginated: true,
    }),
    route({
      method: 'POST',
      path: base,
      tag,
      summary: `Create an event type of ${where}, with its hosts (team admin); a managed one answers a list: itself, then each member's copy`,
      document: documents.create,
      result: 'createTeamEventType',
      listWhenPresent: 'managedEventTypes',
      deviations: WRITE_DEVIATIONS,
      nulls: EVENT_TYPE_NULLS,
      status: 201,
    }),
    route({
      method: 'GET',
      path: `${base}/{eventTypeId}`,
      tag,
      summary: `Get an event type of ${where} (any member)`,
      document: documents.get,
      result: 'teamEventType',
      ...(org ? { deviations: [DEVIATION.teamOutsideOrgRead] } : {}),
      nulls: EVENT_TYPE_NULLS,
    }),
    route({
      method: 'PATCH',
      path: `${base}/{eventTypeId}`,
      tag,
      summary: `Update an event type of ${where}; teamId and parentId cannot change (team admin); a managed one answers a list: itself, then each member's copy`,
      document: documents.update,
      result: 'updateTeamEventType',
      listWhenPresent: 'managedEventTypes',
      deviations: [...WRITE_DEVIATIONS, DEVIATION.updateMissingEventType],
      nulls: EVENT_TYPE_NULLS,
    }),
    route({
      method: 'DELETE',
      path: `${base}/{eventTypeId}`,
      tag,
      summary: `Delete an event type of ${where} (answers the deleted event type; team admin)`,
      document: documents.delete,
      result: 'deleteTeamEventType',
      nulls: EVENT_TYPE_NULLS,
    }),
  ];
}

/**
 * Every team's event types of an organization, for its admins (the reference's OrganizationsEventTypesController_getTeamsEventTypes).
 * Listed in ROUTES before the team routes: express matches in order, and `event-types` would otherwise be read as `{teamId}`.
 */
export const organizationTeamsEventTypes = route({
  method: 'GET',
  path: '/v2/organizations/{orgId}/teams/event-types',
  tag: 'Orgs / Teams / Event Types',
  summary: 'Get the event types of every team of an organization (organization admin)',
  document: GetOrganizationTeamsEventTypesDocument,
  result: 'organizationTeamEventTypes',
  nulls: EVENT_TYPE_NULLS,
  paginated: true,
});

export const teamEventTypeRoutes = [...routesAt('team'), ...routesAt('org')];

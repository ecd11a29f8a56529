import { PAGINATION, route } from '../route';

const SCHEDULE_FIELDS = /* GraphQL */ `
  fragment ScheduleFields on Schedule {
    id ownerId name timeZone availability { days startTime endTime } isDefault overrides { date startTime endTime }
  }`;

export const scheduleRoutes = [
  route({
    method: 'GET',
    path: '/v2/schedules',
    tag: 'Schedules',
    summary: 'Get my schedules (isDefault marks the default one)',
    operation: `
      query GetSchedules($take: Int, $skip: Int) {
        schedules(take: $take, skip: $skip) { items { ...ScheduleFields } ${PAGINATION} }
      } ${SCHEDULE_FIELDS}`,
    result: 'schedules',
    paginated: true,
  }),
  route({
    method: 'POST',
    path: '/v2/schedules',
    tag: 'Schedules',
    summary: 'Create a schedule (`schedule` is accepted as an alias of `availability`)',
    operation: `mutation CreateSchedule($input: CreateScheduleInput!) { createSchedule(input: $input) { ...ScheduleFields } } ${SCHEDULE_FIELDS}`,
    result: 'createSchedule',
    status: 201,
  }),
  route({
    method: 'GET',
    path: '/v2/schedules/default',
    tag: 'Schedules',
    summary: 'Get my default schedule (data is null when I have no schedule)',
    operation: `query GetDefaultSchedule { defaultSchedule { ...ScheduleFields } } ${SCHEDULE_FIELDS}`,
    result: 'defaultSchedule',
  }),
  route({
    method: 'GET',
    path: '/v2/schedules/{scheduleId}',
    tag: 'Schedules',
    summary: 'Get one of my schedules',
    operation: `query GetSchedule($scheduleId: Int!) { schedule(scheduleId: $scheduleId) { ...ScheduleFields } } ${SCHEDULE_FIELDS}`,
    result: 'schedule',
  }),
  route({
    method: 'PATCH',
    path: '/v2/schedules/{scheduleId}',
    tag: 'Schedules',
    summary: 'Update one of my schedules (omitted fields keep their value; isDefault true moves the default here)',
    operation: `
      mutation UpdateSchedule($scheduleId: Int!, $input: UpdateScheduleInput!) {
        updateSchedule(scheduleId: $scheduleId, input: $input) { ...ScheduleFields }
      } ${SCHEDULE_FIELDS}`,
    result: 'updateSchedule',
  }),
  route({
    method: 'DELETE',
    path: '/v2/schedules/{scheduleId}',
    tag: 'Schedules',
    summary: 'Delete one of my schedules (answers the deleted schedule; the default only when it is the last one)',
    operation: `mutation DeleteSchedule($scheduleId: Int!) { deleteSchedule(scheduleId: $scheduleId) { ...ScheduleFields } } ${SCHEDULE_FIELDS}`,
    result: 'deleteSchedule',
  }),
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/users/{userId}/schedules',
    tag: 'Orgs / Users / Schedules',
    summary: 'Get all schedules of a member of the organization',
    operation: `
      query GetOrgUserSchedules($orgId: Int!, $userId: Int!) {
        organizationUser(orgId: $orgId, userId: $userId) { schedules { ...ScheduleFields } }
      } ${SCHEDULE_FIELDS}`,
    result: 'organizationUser.schedules',
  }),
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/users/{userId}/schedules/{scheduleId}',
    tag: 'Orgs / Users / Schedules',
    summary: 'Get one schedule of a member of the organization',
    operation: `
      query GetOrgUserSchedule($orgId: Int!, $userId: Int!, $scheduleId: Int!) {
        organizationUser(orgId: $orgId, userId: $userId) { schedule(scheduleId: $scheduleId) { ...ScheduleFields } }
      } ${SCHEDULE_FIELDS}`,
    result: 'organizationUser.schedule',
  }),
  route({
    method: 'POST',
    path: '/v2/organizations/{orgId}/users/{userId}/schedules',
    tag: 'Orgs / Users / Schedules',
    summary: 'Create a schedule for a member of the organization (the body of POST /v2/schedules)',
    operation: `
      mutation CreateOrgUserSchedule($orgId: Int!, $userId: Int!, $input: CreateScheduleInput!) {
        createOrganizationUserSchedule(orgId: $orgId, userId: $userId, input: $input) { ...ScheduleFields }
      } ${SCHEDULE_FIELDS}`,
    result: 'createOrganizationUserSchedule',
    status: 201,
  }),
  route({
    method: 'PATCH',
    path: '/v2/organizations/{orgId}/users/{userId}/schedules/{scheduleId}',
    tag: 'Orgs / Users / Schedules',
    summary: 'Update a schedule of a member of the organization (omitted fields keep their value)',
    operation: `
      mutation UpdateOrgUserSchedule($orgId: Int!, $userId: Int!, $scheduleId: Int!, $input: UpdateScheduleInput!) {
        updateOrganizationUserSchedule(orgId: $orgId, userId: $userId, scheduleId: $scheduleId, input: $input) { ...ScheduleFields }
      } ${SCHEDULE_FIELDS}`,
    result: 'updateOrganizationUserSchedule',
  }),
  route({
    method: 'DELETE',
    path: '/v2/organizations/{orgId}/users/{userId}/schedules/{scheduleId}',
    tag: 'Orgs / Users / Schedules',
    summary: 'Delete a schedule of a member of the organization (answers the deleted schedule)',
    operation: `
      mutation DeleteOrgUserSchedule($orgId: Int!, $userId: Int!, $scheduleId: Int!) {
        deleteOrganizationUserSchedule(orgId: $orgId, userId: $userId, scheduleId: $scheduleId) { ...ScheduleFields }
      } ${SCHEDULE_FIELDS}`,
    result: 'deleteOrganizationUserSchedule',
  }),
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/schedules',
    tag: 'Orgs / Schedules',
    summary: 'Get the schedules of every member of the organization (organization admin)',
    operation: `
      query GetOrgSchedules($orgId: Int!, $take: Int, $skip: Int) {
        organizationSchedules(orgId: $orgId, take: $take, skip: $skip) { items { ...ScheduleFields } ${PAGINATION} }
      } ${SCHEDULE_FIELDS}`,
    result: 'organizationSchedules',
    paginated: true,
  }),
  route({
    method: 'GET',
    path: '/v2/teams/{teamId}/schedules',
    tag: 'Teams / Schedules',
    summary: 'Get the schedules of every member of the team (team admin)',
    operation: `
      query GetTeamSchedules($teamId: Int!, $take: Int, $skip: Int) {
        teamSchedules(teamId: $teamId, take: $take, skip: $skip) { items { ...ScheduleFields } ${PAGINATION} }
      } ${SCHEDULE_FIELDS}`,
    result: 'teamSchedules',
    paginated: true,
  }),
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/teams/{teamId}/schedules',
    tag: 'Orgs / Teams / Schedules',
    summary: 'Get the schedules of every member of a team of the organization (team or organization admin)',
    operation: `
      query GetOrgTeamSchedules($orgId: Int!, $teamId: Int!, $take: Int, $skip: Int) {
        teamSchedules(orgId: $orgId, teamId: $teamId, take: $take, skip: $skip) { items { ...ScheduleFields } ${PAGINATION} }
      } ${SCHEDULE_FIELDS}`,
    result: 'teamSchedules',
    paginated: true,
  }),
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/teams/{teamId}/users/{userId}/schedules',
    tag: 'Orgs / Teams / Users / Schedules',
    summary: 'Get the schedules of one member of a team of the organization (team or organization admin)',
    operation: `
      query GetOrgTeamUserSchedules($orgId: Int!, $teamId: Int!, $userId: Int!) {
        teamMemberSchedules(orgId: $orgId, teamId: $teamId, userId: $userId) { ...ScheduleFields }
      } ${SCHEDULE_FIELDS}`,
    result: 'teamMemberSchedules',
  }),
];

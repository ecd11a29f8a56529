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
];

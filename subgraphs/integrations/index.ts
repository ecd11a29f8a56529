import { SubgraphDefinition } from '../kit/server';
import { CalendarCredential } from './calendar/calendar-credential.entity';
import { CalendarResolver } from './calendar/calendar.resolver';
import { DestinationCalendar } from './calendar/destination-calendar.entity';
import { FeedEvent } from './calendar/feed-event.entity';
import { startIcsFeedRefresher } from './calendar/ics-feed-refresher';
import { SelectedCalendar } from './calendar/selected-calendar.entity';
import { ConferencingConnection } from './conferencing/conferencing-connection.entity';
import { ConferencingResolver, TeamConferencingResolver } from './conferencing/conferencing.resolver';
import { RoutingFormEvent } from './routing-form/routing-form-event.entity';
import { RoutingFormResponse } from './routing-form/routing-form-response.entity';
import { RoutingForm } from './routing-form/routing-form.entity';
import { OrganizationRoutingFormResolver, TeamRoutingFormResolver } from './routing-form/routing-form.resolver';
import { startWorkflowDispatcher } from './workflow/workflow-dispatcher';
import { WorkflowReminder } from './workflow/workflow-reminder.entity';
import { WorkflowStep } from './workflow/workflow-step.entity';
import { Workflow } from './workflow/workflow.entity';
import { TeamWorkflowResolver } from './workflow/workflow.resolver';
import { Initial1732100000000 } from './migrations/1732100000000-initial';
import { WebhookUniqueUrl1732600000000 } from './migrations/1732600000000-webhook-unique-url';
import { CalendarsConferencingFormsWorkflows1733700000000 } from './migrations/1733700000000-calendars-conferencing-forms-workflows';
import { Webhook } from './webhook/webhook.entity';
import { EventTypeWebhookResolver, WebhookResolver } from './webhook/webhook.resolver';

/** Webhooks; calendars and ICS feeds; conferencing apps; routing forms; team workflows and their reminders. */
export const integrations: SubgraphDefinition = {
  name: 'integrations',
  defaultPort: 4003,
  persistence: {
    schema: 'integrations',
    entities: [Webhook, CalendarCredential, FeedEvent, SelectedCalendar, DestinationCalendar, ConferencingConnection, RoutingForm, RoutingFormResponse, RoutingFormEvent, Workflow, WorkflowStep, WorkflowReminder],
    migrations: [Initial1732100000000, WebhookUniqueUrl1732600000000, CalendarsConferencingFormsWorkflows1733700000000],
  },
  resolvers: [WebhookResolver, EventTypeWebhookResolver, CalendarResolver, ConferencingResolver, TeamConferencingResolver, TeamRoutingFormResolver, OrganizationRoutingFormResolver, TeamWorkflowResolver],
  referenceResolvers: {},
  background: [({ db }) => startIcsFeedRefresher(db), ({ db }) => startWorkflowDispatcher(db)],
};

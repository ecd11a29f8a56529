import { addressOf } from '../../platform/addresses';
import { SubgraphDefinition } from '../../platform/server';
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
import { startWorkflowDispatcher } from './workflow-record/workflow-dispatcher';
import { installJobQueue } from '../../platform/job-queue';
import { WorkflowReminder } from './workflow-record/workflow-reminder.entity';
import { WorkflowStep } from './workflow-record/workflow-step.entity';
import { Workflow } from './workflow-record/workflow.entity';
import { TeamWorkflowResolver } from './workflow/workflow.resolver';
import { TeamRoutingFormWorkflowResolver } from './workflow/routing-form-workflow.resolver';
import { Initial1732100000000 } from './migrations/1732100000000-initial';
import { WebhookUniqueUrl1732600000000 } from './migrations/1732600000000-webhook-unique-url';
import { VerifiedResources1733600000003 } from './migrations/1733600000003-verified-resources';
import { VerificationCode, VerifiedEmail, VerifiedPhone } from './verified-resource/verified-resource.entity';
import {
  OrganizationTeamVerifiedResourceResolver,
  TeamVerifiedResourceResolver,
  UserVerifiedResourceResolver,
} from './verified-resource/verified-resource.resolver';
import { PhoneCalls1733200000000 } from './migrations/1733200000000-phone-calls';
import { PhoneCall } from './phone-call/phone-call.entity';
import { PhoneCallResolver } from './phone-call/phone-call.resolver';
import { CalendarsConferencingFormsWorkflows1733700000000 } from './migrations/1733700000000-calendars-conferencing-forms-workflows';
import { ProviderOAuthStates1734400000000 } from './migrations/1734400000000-provider-oauth-states';
import { ProviderOAuthState } from './provider-oauth/oauth-state.entity';
import { CalendarConnectResolver } from './calendar/calendar-connect.resolver';
import { RoutingFormSlotsResolver } from './routing-form/routing-form-slots.resolver';
import { Webhook } from './webhook/webhook.entity';
import { WebhookDeliveries1733100000000 } from './migrations/1733100000000-webhook-deliveries';
import { WebhookDelivery } from './webhook-delivery/webhook-delivery.entity';
import { WebhookDeliveryAttempt } from './webhook-delivery/webhook-delivery-attempt.entity';
import { EventTypeWebhookResolver, WebhookResolver } from './webhook/webhook.resolver';
import { DeliveryLogResolver } from './webhook-delivery/delivery-log.resolver';
import { OAuthClientWebhookResolver } from './webhook/oauth-client-webhook.resolver';
import { OrganizationWebhookResolver } from './webhook/organization-webhook.resolver';
import { TeamEventTypeWebhookResolver } from './webhook/team-event-type-webhook.resolver';
import { StripeConnections1735200000000 } from './migrations/1735200000000-stripe-connections';
import { DeliveryFailuresAndDeadLetters1735321000000 } from './migrations/1735321000000-delivery-failures-and-dead-letters';
import { KeyedWrites1735400000000 } from './migrations/1735400000000-keyed-writes';
import { BookingMeetings1735600000000 } from './migrations/1735600000000-booking-meetings';
import { PhoneCallIntents1735700000000 } from './migrations/1735700000000-phone-call-intents';
import { RoutingFormWorkflows1735810000000 } from './migrations/1735810000000-routing-form-workflows';
import { FormWorkflowReminders1735900000000 } from './migrations/1735900000000-form-workflow-reminders';
import { StripeConnection } from './stripe/stripe-connection.entity';
import { StripeResolver } from './stripe/stripe.resolver';

/** Webhooks and phone calls. */
/** Webhooks and their deliveries; phone calls; verified resources; calendars and ICS feeds; conferencing apps; Stripe connections; routing forms; team workflows and their reminders. */
export const integrations: SubgraphDefinition = {
  name: 'integrations',
  defaultPort: addressOf('integrations').defaultPort,
  persistence: {
    schema: 'integrations',
    entities: [
      Webhook,
      WebhookDelivery,
      WebhookDeliveryAttempt,
      VerifiedEmail,
      VerifiedPhone,
      VerificationCode,
      PhoneCall,
      CalendarCredential,
      FeedEvent,
      SelectedCalendar,
      DestinationCalendar,
      ConferencingConnection,
      RoutingForm,
      RoutingFormResponse,
      RoutingFormEvent,
      Workflow,
      WorkflowStep,
      WorkflowReminder,
      ProviderOAuthState,
      StripeConnection,
    ],
    migrations: [
      Initial1732100000000,
      WebhookUniqueUrl1732600000000,
      WebhookDeliveries1733100000000,
      PhoneCalls1733200000000,
      VerifiedResources1733600000003,
      CalendarsConferencingFormsWorkflows1733700000000,
      ProviderOAuthStates1734400000000,
      StripeConnections1735200000000,
      DeliveryFailuresAndDeadLetters1735321000000,
      KeyedWrites1735400000000,
      BookingMeetings1735600000000,
      PhoneCallIntents1735700000000,
      RoutingFormWorkflows1735810000000,
      FormWorkflowReminders1735900000000,
    ],
    // Routing form submissions and workflow reminders enqueue in their own transactions: the queue must exist.
    afterMigrations: installJobQueue,
  },
  resolvers: [
    WebhookResolver,
    EventTypeWebhookResolver,
    DeliveryLogResolver,
    UserVerifiedResourceResolver,
    TeamVerifiedResourceResolver,
    OrganizationTeamVerifiedResourceResolver,
    OrganizationWebhookResolver,
    TeamEventTypeWebhookResolver,
    OAuthClientWebhookResolver,
    PhoneCallResolver,
    CalendarResolver,
    CalendarConnectResolver,
    ConferencingResolver,
    TeamConferencingResolver,
    TeamRoutingFormResolver,
    OrganizationRoutingFormResolver,
    RoutingFormSlotsResolver,
    TeamWorkflowResolver,
    TeamRoutingFormWorkflowResolver,
    StripeResolver,
  ],
  referenceResolvers: {},
  background: [({ db }) => startIcsFeedRefresher(db), ({ db }) => startWorkflowDispatcher(db)],
};

import { GraphQLJSON, GraphQLJSONObject } from 'graphql-scalars';
import { ArgsType, Field, InputType, Int, ObjectType } from 'type-graphql';
import { PageArgs, PageOf } from '../../../platform/pagination';
import { RoutingForm } from './routing-form.entity';
import { RoutingFormResponse } from './routing-form-response.entity';

/** Sorting and date filters of the routing form lists (the reference's query parameters). */
@ArgsType()
export class RoutingFormFilterArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'asc or desc.' }) sortCreatedAt?: string | null;
  @Field(() => String, { nullable: true, description: 'asc or desc.' }) sortUpdatedAt?: string | null;
  @Field(() => String, { nullable: true, description: 'ISO 8601 date-time.' }) afterCreatedAt?: string | null;
  @Field(() => String, { nullable: true, description: 'ISO 8601 date-time.' }) beforeCreatedAt?: string | null;
  @Field(() => String, { nullable: true, description: 'ISO 8601 date-time.' }) afterUpdatedAt?: string | null;
  @Field(() => String, { nullable: true, description: 'ISO 8601 date-time.' }) beforeUpdatedAt?: string | null;
  @Field(() => String, { nullable: true, description: 'Only responses routed to this booking (for forms: forms with such a response).' }) routedToBookingUid?:
    string | null;
}

@ArgsType()
export class RoutingFormListArgs extends RoutingFormFilterArgs {
  @Field(() => String, { nullable: true, description: 'Only forms whose name contains this text (any case).' }) name?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Only disabled (true) or enabled (false) forms.' }) disabled?: boolean | null;
}

@ObjectType()
export class RoutingFormPage extends PageOf(RoutingForm) {}
@ObjectType()
export class RoutingFormResponsePage extends PageOf(RoutingFormResponse) {}

@InputType({ description: 'A new routing form of a team (GraphQL only; the REST API has no create route).' })
export class CreateRoutingFormInput {
  @Field() name: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => Int, { nullable: true }) position?: number | null;
  @Field({ nullable: true, defaultValue: false }) disabled?: boolean;
  @Field(() => GraphQLJSON, { description: 'List of {id, label, type, identifier?, required?, options?}.' }) fields: unknown;
  @Field(() => GraphQLJSON, {
    description: 'List of {id, isFallback?, conditions?: [{field, operator, value}], action: {type, value, eventTypeId?}, teamMemberIds?}.',
  })
  routes: unknown;
  @Field(() => GraphQLJSONObject, { nullable: true }) settings?: Record<string, unknown> | null;
}

@InputType({ description: 'Body of PATCH …/routing-forms/{routingFormId}/responses/{responseId}.' })
export class UpdateRoutingFormResponseInput {
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Answers to change, by field id or identifier; the others are kept.' })
  response?: Record<string, unknown> | null;
}

@ObjectType({ description: "Where a routing form response leads: the reference's Routing object." })
export class RoutingDecision {
  @Field(() => String, { nullable: true }) queuedResponseId: string | null;
  @Field(() => Int, { nullable: true }) responseId: number | null;
  @Field(() => [Int]) teamMemberIds: number[];
  @Field(() => String, { nullable: true }) teamMemberEmail: string | null;
  @Field(() => Boolean, { nullable: true }) skipContactOwner: boolean | null;
}

@ObjectType({ description: 'The answer to POST …/routing-forms/{routingFormId}/responses.' })
export class RoutingFormResult {
  @Field(() => Int, { nullable: true, description: 'The event type the response was routed to.' }) eventTypeId: number | null;
  @Field(() => RoutingDecision) routing: RoutingDecision;
  @Field(() => String, { nullable: true }) routingCustomMessage: string | null;
  @Field(() => String, { nullable: true }) routingExternalRedirectUrl: string | null;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Available slots of the event type by day, when start and end were given.' }) slots: Record<
    string,
    unknown
  > | null;
}

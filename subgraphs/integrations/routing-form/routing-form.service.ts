import { randomUUID } from 'node:crypto';
import { GraphQLError } from 'graphql';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import { SubgraphContext } from '../../../platform/context';
import { badInput, notFound } from '../../../platform/errors';
import { pageWindow } from '../../../platform/pagination';
import { checkOrganization, checkOrgTeam } from '../team-address';
import { recordFormSubmitted } from './routing-form-events';
import { RoutingFormResponse } from './routing-form-response.entity';
import { RoutingForm } from './routing-form.entity';
import { CreateRoutingFormInput, RoutingFormFilterArgs, RoutingFormListArgs, RoutingFormResult } from './routing-form.inputs';
import { answersOf, checkFields, checkRoutes, routedEventTypeId, routeFor } from './routing-form.rules';
import { isIanaTimeZone } from '../../../platform/time-zones';
import { KeyedWriteReference, recordKeyedWrite } from '../../../platform/keyed-writes';
import { RoutedSlotsByDateDocument } from '../contracts/generated';
import { UUID } from '../../../platform/uuid';

/** Where forms are addressed: an organization's (all of its forms), or one of its teams'. */
export interface FormScope {
  orgId: number;
  teamId?: number | null;
}

function instant(field: string, value: string | null | undefined): Date | null {
  if (value == null || value === '') return null;
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) throw badInput(field, `${field} must be an ISO 8601 date or date-time`);
  return date;
}

/**
 * The slots window of a submission (`start`, `end`): both or neither (then no slots are answered), each an ISO 8601
 * date or date-time, `end` not before `start`. Checked before the response is stored: a bad window stores nothing.
 */
function checkSlotsWindow(query: SlotsQuery): void {
  const start = instant('start', query.start);
  const end = instant('end', query.end);
  if (start && !end) throw badInput('end', 'end is required with start: the window of the slots to answer');
  if (end && !start) throw badInput('start', 'start is required with end: the window of the slots to answer');
  if (start && end && end < start) throw badInput('end', 'end must not be before start');
  if (query.timeZone && !isIanaTimeZone(query.timeZone))
    throw badInput('timeZone', `timeZone must be an IANA time zone such as Europe/Rome, got ${JSON.stringify(query.timeZone)}`);
  if (query.duration != null && (!Number.isInteger(query.duration) || query.duration < 1 || query.duration > 1440))
    throw badInput('duration', 'duration must be a whole number of minutes from 1 to 1440');
  if (query.format != null && query.format !== 'time' && query.format !== 'range') throw badInput('format', 'format must be time or range');
}

/**
 * What a submission asks of the routed event type's slots (the query of GET /v2/slots, 2024-09-04): the window
 * (`start`, `end`), the zone the days are written in, a length among the event type's, `time` or `range`, a
 * booking being rescheduled.
 */
export interface SlotsQuery {
  start?: string | null;
  end?: string | null;
  timeZone?: string | null;
  duration?: number | null;
  format?: string | null;
  bookingUidToReschedule?: string | null;
}

function direction(field: string, value: string | null | undefined): 'ASC' | 'DESC' | null {
  if (value == null || value === '') return null;
  if (value !== 'asc' && value !== 'desc') throw badInput(field, `${field} must be asc or desc`);
  return value === 'asc' ? 'ASC' : 'DESC';
}

/** The date filters and sorts shared by both lists. */
function filtered<T extends RoutingForm | RoutingFormResponse>(
  query: SelectQueryBuilder<T>,
  alias: string,
  filters: RoutingFormFilterArgs,
): SelectQueryBuilder<T> {
  const bounds: Array<[keyof RoutingFormFilterArgs, string, string]> = [
    ['afterCreatedAt', 'created_at', '>='],
    ['beforeCreatedAt', 'created_at', '<='],
    ['afterUpdatedAt', 'updated_at', '>='],
    ['beforeUpdatedAt', 'updated_at', '<='],
  ];
  for (const [field, column, op] of bounds) {
    const at = instant(field, filters[field] as string | null | undefined);
    if (at) query.andWhere(`${alias}.${column} ${op} :${field}`, { [field]: at });
  }
  const byCreated = direction('sortCreatedAt', filters.sortCreatedAt);
  const byUpdated = direction('sortUpdatedAt', filters.sortUpdatedAt);
  if (byCreated) query.addOrderBy(`${alias}.createdAt`, byCreated);
  if (byUpdated) query.addOrderBy(`${alias}.updatedAt`, byUpdated);
  query.addOrderBy(`${alias}.id`, 'ASC');
  const { take, skip } = pageWindow(filters);
  return query.take(take).skip(skip);
}

/** Routing forms of teams and organizations and their responses. */
export class RoutingFormService {
  private readonly db: DataSource;

  constructor(private readonly ctx: SubgraphContext) {
    this.db = ctx.db;
  }

  private async checkScope(scope: FormScope): Promise<void> {
    if (scope.teamId != null) await checkOrgTeam(this.ctx, scope.orgId, scope.teamId);
    else await checkOrganization(this.ctx, scope.orgId);
  }

  private scoped(query: SelectQueryBuilder<RoutingForm>, scope: FormScope): SelectQueryBuilder<RoutingForm> {
    return scope.teamId != null
      ? query.andWhere('f.team_id = :teamId AND f.organization_id = :orgId', { teamId: scope.teamId, orgId: scope.orgId })
      : query.andWhere('f.organization_id = :orgId', { orgId: scope.orgId });
  }

  async listForms(scope: FormScope, filters: RoutingFormListArgs, teamIds?: number[] | null): Promise<[RoutingForm[], number]> {
    await this.checkScope(scope);
    const query = this.scoped(this.db.getRepository(RoutingForm).createQueryBuilder('f').where('true'), scope);
    if (teamIds?.length) query.andWhere('f.team_id IN (:...teamIds)', { teamIds });
    if (filters.name) query.andWhere("f.name ILIKE '%' || :name || '%'", { name: filters.name.replace(/[\\%_]/g, (c) => `\\${c}`) });
    if (filters.disabled != null) query.andWhere('f.disabled = :disabled', { disabled: filters.disabled });
    if (filters.routedToBookingUid) {
      query.andWhere('EXISTS (SELECT 1 FROM routing_form_responses r WHERE r.form_id = f.id AND r.routed_to_booking_uid = :uid)', {
        uid: filters.routedToBookingUid,
      });
    }
    return filtered(query, 'f', filters).getManyAndCount();
  }

  /** A form in the scope; any other (another team's, another organization's, no such id) is NOT_FOUND. */
  async getForm(scope: FormScope, formId: string, checked = false): Promise<RoutingForm> {
    if (!checked) await this.checkScope(scope);
    if (!UUID.test(formId)) throw notFound('Routing form', formId);
    const form = await this.scoped(this.db.getRepository(RoutingForm).createQueryBuilder('f').where('f.id = :formId', { formId }), scope).getOne();
    if (!form) throw notFound('Routing form', formId);
    return form;
  }

  async createForm(scope: Required<FormScope>, userId: number, input: CreateRoutingFormInput): Promise<RoutingForm> {
    await this.checkScope(scope);
    if (!input.name?.trim()) throw badInput('name', 'name must not be empty');
    const fields = checkFields(input.fields);
    const routes = checkRoutes(input.routes, fields);
    const form = Object.assign(new RoutingForm(), {
      name: input.name.trim(),
      description: input.description ?? null,
      position: input.position ?? 0,
      disabled: input.disabled ?? false,
      userId,
      teamId: scope.teamId,
      organizationId: scope.orgId,
      fields,
      routes,
      settings: input.settings ?? null,
    });
    return this.db.transaction(async (tx) => {
      const saved = await tx.save(form);
      // With the record of a keyed creation (Idempotency-Key) in the same transaction: sent again, it answers this form.
      await recordKeyedWrite(tx, { formId: saved.id });
      return saved;
    });
  }

  /** The form a keyed creation made before (createForm's record), as it is now. */
  recalledForm(scope: FormScope, reference: KeyedWriteReference): Promise<RoutingForm> {
    return this.getForm(scope, reference.formId as string);
  }

  async listResponses(scope: FormScope, formId: string, filters: RoutingFormFilterArgs): Promise<[RoutingFormResponse[], number]> {
    const form = await this.getForm(scope, formId);
    const query = this.db.getRepository(RoutingFormResponse).createQueryBuilder('r').where('r.form_id = :formId', { formId: form.id });
    if (filters.routedToBookingUid) query.andWhere('r.routed_to_booking_uid = :uid', { uid: filters.routedToBookingUid });
    return filtered(query, 'r', filters).getManyAndCount();
  }

  /** Changes the answers given (by field id or identifier); the others are kept. */
  async updateResponse(
    scope: FormScope,
    formId: string,
    responseId: number,
    changes: Record<string, unknown> | null | undefined,
  ): Promise<RoutingFormResponse> {
    const form = await this.getForm(scope, formId);
    const repository = this.db.getRepository(RoutingFormResponse);
    const response = await repository.findOneBy({ id: responseId, formId: form.id });
    if (!response) throw notFound('Routing form response', responseId);
    if (changes != null) response.response = { ...response.response, ...answersOf(changes, form.fields, { partial: true }) };
    return repository.save(response);
  }

  /**
   * Stores a submission, evaluates the form's routes and records FORM_SUBMITTED (same transaction);
   * with `start` and `end`, also answers the routed event type's available slots.
   */
  async createResponse(scope: FormScope, formId: string, body: Record<string, unknown>, slotsQuery: SlotsQuery): Promise<RoutingFormResult> {
    checkSlotsWindow(slotsQuery);
    const form = await this.getForm(scope, formId);
    if (form.disabled) throw badInput('routingFormId', 'routingFormId is a disabled form');
    const answers = answersOf(body, form.fields);
    const route = routeFor(form.routes, answers);
    const saved = await this.db.transaction(async (tx) => {
      const response = await tx.save(
        Object.assign(new RoutingFormResponse(), { formId: form.id, formFillerId: randomUUID(), response: answers, routedToBookingUid: null }),
      );
      await recordFormSubmitted(tx, form, response, route?.action ?? null);
      // With the record of a keyed submission (Idempotency-Key) in the same transaction: sent again, it answers this response.
      await recordKeyedWrite(tx, { responseId: response.id });
      return response;
    });
    return this.resultOf(form, saved, slotsQuery);
  }

  /** The answer of a submission a keyed write stored before (createResponse's record): its routing, evaluated again on its answers. */
  async recalledResponse(scope: FormScope, formId: string, reference: KeyedWriteReference, slotsQuery: SlotsQuery): Promise<RoutingFormResult> {
    const form = await this.getForm(scope, formId);
    const response = await this.db.getRepository(RoutingFormResponse).findOneByOrFail({ id: reference.responseId as number, formId: form.id });
    return this.resultOf(form, response, slotsQuery);
  }

  /**
   * What a submission answers: the route its answers take, and the routed event type's slots when asked, in the shape
   * of GET /v2/slots (2024-09-04; the reference's SlotsOutput_2024_09_04 or RangeSlotsOutput_2024_09_04). The response
   * is stored already: slots that cannot be calculated (the routed event type is gone, a length it does not offer) are
   * answered as null, never as an error that would make the client submit again.
   */
  private async resultOf(form: RoutingForm, saved: RoutingFormResponse, slotsQuery: SlotsQuery): Promise<RoutingFormResult> {
    const route = routeFor(form.routes, saved.response);
    const eventTypeId = routedEventTypeId(route);
    let slots: Record<string, unknown> | null = null;
    if (eventTypeId != null && slotsQuery.start && slotsQuery.end) {
      const data = await this.ctx.graph
        .call(RoutedSlotsByDateDocument, { ...slotsQuery, eventTypeId, start: slotsQuery.start, end: slotsQuery.end })
        .catch(() => null);
      slots = (data?.slots as Record<string, unknown> | undefined) ?? null;
    }
    return {
      eventTypeId,
      routing: { queuedResponseId: null, responseId: saved.id, teamMemberIds: route?.teamMemberIds ?? [], teamMemberEmail: null, skipContactOwner: null },
      routingCustomMessage: route?.action.type === 'customPageMessage' ? route.action.value : null,
      routingExternalRedirectUrl: route?.action.type === 'externalRedirectUrl' ? route.action.value : null,
      slots,
    };
  }

  /**
   * A form by id alone, for members of its team or organization; to anyone else it does not exist
   * (NOT_FOUND, as another team's resources). The role the operation needs is the nested field's @pbac.
   */
  async target(
    formId: string,
    memberships: Array<{ teamId: number; accepted: boolean }>,
  ): Promise<{ id: string; teamId: number | null; organizationId: number | null }> {
    const form = UUID.test(formId) ? await this.db.getRepository(RoutingForm).findOneBy({ id: formId }) : null;
    const visible = form && memberships.some((m) => m.accepted && (m.teamId === form.teamId || m.teamId === form.organizationId));
    if (!form || !visible) throw notFound('Routing form', formId);
    return { id: form.id, teamId: form.teamId, organizationId: form.organizationId };
  }

  /** POST /v2/routing-forms/{routingFormId}/calculate-slots: routes the answers (nothing stored) and answers the routed event type's slots (GET /v2/slots through the gateway). */
  async calculateSlots(formId: string, body: Record<string, unknown>, query: SlotsQuery): Promise<{ eventTypeId: number; slots: Record<string, unknown> }> {
    if (!query.start) throw badInput('start', 'start is required');
    if (!query.end) throw badInput('end', 'end is required');
    const form = await this.db.getRepository(RoutingForm).findOneByOrFail({ id: formId });
    if (form.disabled) throw badInput('routingFormId', 'routingFormId is a disabled form');
    const eventTypeId = routedEventTypeId(routeFor(form.routes, answersOf(body, form.fields)));
    if (eventTypeId == null) throw badInput('response', 'The response is not routed to an event type: no slots to calculate');
    const data = await this.ctx.graph.call(RoutedSlotsByDateDocument, { ...query, eventTypeId, start: query.start, end: query.end }).catch((error: Error) => {
      if (error instanceof GraphQLError) throw error;
      // The slots query's own 400s (start, end, timeZone, duration, format) arrive as a failed graph call.
      throw badInput(
        'start',
        `The slots of event type ${eventTypeId} could not be calculated: ${error.message.replace(/^Graph call failed \(HTTP \d+\): /, '')}`,
      );
    });
    return { eventTypeId, slots: data.slots };
  }

  /** Links a response to the booking it led to (the booking side calls this with the response id it was given). */
  async linkToBooking(responseId: number, bookingUid: string, eventTypeId: number | null = null): Promise<RoutingFormResponse> {
    const repository = this.db.getRepository(RoutingFormResponse);
    const response = await repository.findOneBy({ id: responseId });
    if (!response) throw notFound('Routing form response', responseId);
    if (response.routedToBookingUid === bookingUid) return response;
    // A booker names the response: it must be one not used yet, of a form that routes to the booking's event type.
    if (response.routedToBookingUid) throw badInput('routing.responseId', `routing.responseId ${responseId} already led to another booking`);
    if (eventTypeId != null) {
      const form = await this.db.getRepository(RoutingForm).findOneBy({ id: response.formId });
      if (!form?.routes.some((route) => route.action.eventTypeId === eventTypeId))
        throw badInput('routing.responseId', `routing.responseId ${responseId} is of a form that does not route to event type ${eventTypeId}`);
    }
    response.routedToBookingUid = bookingUid;
    return repository.save(response);
  }
}

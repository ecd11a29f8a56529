import { SubgraphContext } from '../../../platform/context';
import { badInput, notFound } from '../../../platform/errors';
import { KeyedWriteReference, providerIdempotencyKey } from '../../../platform/keyed-writes';
import { checkTeamEventType } from '../team-event-type-address';
import { placePhoneCall } from './phone-call-provider';
import { placeOnce, recordedCall } from './phone-call-intent';
import { PhoneCall } from './phone-call.entity';
import { CreatePhoneCallInput } from './phone-call.inputs';
import { PhoneCallApiKeyDocument } from '../contracts/generated';
import { E164_PHONE } from '../../../platform/e164';
import { EMAIL_ADDRESS } from '../../../platform/email-address';

/** E.164, spec 4.5 and 8. */
export const PHONE_CALL_TEMPLATE_TYPES = ['CHECK_IN_APPOINTMENT', 'CUSTOM_TEMPLATE'] as const;
const API_KEY = /^svc_[0-9a-f]{64}$/;

/** `/v2/organizations/{orgId}/teams/{teamId}/…` (spec 4.5), or `/v2/teams/{teamId}/…` without `orgId` (the reference's team path). */
export interface PhoneCallAddress {
  orgId?: number | null;
  teamId: number;
  eventTypeId: number;
}

/** The body's rules: every violation is a 400 naming the field. */
function checkInput(input: CreatePhoneCallInput): void {
  for (const field of ['yourPhoneNumber', 'numberToCall'] as const) {
    if (!E164_PHONE.test(input[field]))
      throw badInput(field, `${field} must be a phone number in E.164 form (+ and up to 15 digits, not starting with 0), such as +14155550123`);
  }
  if (!API_KEY.test(input.svcApiKey)) throw badInput('svcApiKey', 'svcApiKey must be an API key of this service (svc_ and 64 hexadecimal characters)');
  const templateType = input.templateType ?? 'CUSTOM_TEMPLATE';
  if (!(PHONE_CALL_TEMPLATE_TYPES as readonly string[]).includes(templateType))
    throw badInput('templateType', `templateType must be one of ${PHONE_CALL_TEMPLATE_TYPES.join(', ')}`);
  if (input.guestEmail != null && !EMAIL_ADDRESS.test(input.guestEmail)) throw badInput('guestEmail', 'guestEmail must be an e-mail address');
}

/** Spec 4.5: a call for a team event type (of an organization, or on the team path of any team), placed by the call provider (phone-call-provider.ts). */
export class PhoneCallService {
  constructor(private readonly ctx: SubgraphContext) {}

  async create(address: PhoneCallAddress, input: CreatePhoneCallInput): Promise<PhoneCall> {
    // The path's ids first: ids that do not fit together are a 404 whatever the body says.
    const { organizationId } = await checkTeamEventType(this.ctx, address);
    checkInput(input);
    await this.checkApiKeyIsTheCallers(input.svcApiKey);

    const order = {
      fromNumber: input.yourPhoneNumber,
      toNumber: input.numberToCall,
      templateType: input.templateType ?? 'CUSTOM_TEMPLATE',
      enabled: input.enabled ?? true,
      eventType: { id: address.eventTypeId, teamId: address.teamId, organizationId },
      schedulerName: input.schedulerName ?? null,
      guestName: input.guestName ?? null,
      guestEmail: input.guestEmail ?? null,
      guestCompany: input.guestCompany ?? null,
      beginMessage: input.beginMessage ?? null,
      generalPrompt: input.generalPrompt ?? null,
      svcApiKey: input.svcApiKey,
    };
    // The row first (PLACING, with the record of an Idempotency-Key), then the provider: a retry never calls twice (phone-call-intent.ts).
    const row = {
      orgId: organizationId,
      teamId: address.teamId,
      eventTypeId: address.eventTypeId,
      requestedByUserId: this.ctx.principal.userId!,
      yourPhoneNumber: input.yourPhoneNumber,
      numberToCall: input.numberToCall,
      templateType: order.templateType,
      enabled: order.enabled,
    };
    const idempotencyKey = providerIdempotencyKey();
    return placeOnce(this.ctx.db, row, () => placePhoneCall(order, idempotencyKey));
  }

  /** The call a keyed creation placed and stored (or is placing, or may have placed: recordedCall), its address checked as the first run's was. */
  async recalled(address: PhoneCallAddress, reference: KeyedWriteReference): Promise<PhoneCall> {
    await checkTeamEventType(this.ctx, address);
    const call = await recordedCall(this.ctx.db, reference.callId as number, address.eventTypeId);
    if (!call) throw notFound('Phone call', reference.callId as number);
    return call;
  }

  /**
   * The agent books with `svcApiKey`, so it must be a live API key of the caller: not somebody else's,
   * nor a revoked one the agent would fail with. API keys belong to the oauth subgraph (@internal `credential`).
   */
  private async checkApiKeyIsTheCallers(secret: string): Promise<void> {
    const { credential } = await this.ctx.graph.call(PhoneCallApiKeyDocument, { secret });
    if (!credential || credential.kind !== 'apiKey' || credential.userId !== this.ctx.principal.userId) {
      throw badInput('svcApiKey', 'svcApiKey must be a valid (not revoked, not expired) API key of the caller');
    }
  }
}

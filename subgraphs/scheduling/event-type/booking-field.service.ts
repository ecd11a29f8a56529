import { DataSource } from 'typeorm';
import { badInput } from '../../../platform/errors';
import { recordKeyedWrite } from '../../../platform/keyed-writes';
import { EventType } from './event-type.entity';
import { TeamAddress, TeamEventTypeService } from './team-event-type.service';
import { TeamDirectory } from '../team/team-directory';
import { StoredBookingField, workflowBookingField } from '../booking-field/booking-field.kinds';
import { addBookingFields, BookingFieldRequest, replaceBookingFields } from '../booking-field/booking-field.rules';

/** The booking form of team event types (spec 4.4): each change reads and writes the form under a row lock. */
export class BookingFieldService {
  constructor(
    private readonly db: DataSource,
    private readonly teams: TeamDirectory,
  ) {}

  /** Adds custom fields (POST); under an Idempotency-Key the change is recorded (platform/keyed-writes.ts). */
  add(address: TeamAddress, eventTypeId: number, requests: BookingFieldRequest[]): Promise<EventType> {
    return this.change(address, eventTypeId, (current) => addBookingFields(current, requests));
  }

  /** Replaces the form (PUT); workflow-added fields stay as they are. */
  replace(address: TeamAddress, eventTypeId: number, requests: BookingFieldRequest[]): Promise<EventType> {
    return this.change(address, eventTypeId, (current) => replaceBookingFields(current, requests));
  }

  private async change(address: TeamAddress, eventTypeId: number, next: (current: StoredBookingField[]) => StoredBookingField[]): Promise<EventType> {
    const eventTypes = new TeamEventTypeService(this.db, this.teams);
    await eventTypes.checkAddress(address);
    return this.db.transaction(async (tx) => {
      const eventType = await eventTypes.get({ teamId: address.teamId }, eventTypeId, tx, true);
      eventType.bookingFields = next(eventType.bookingFields);
      await tx.update(EventType, { id: eventType.id }, { bookingFields: eventType.bookingFields });
      await recordKeyedWrite(tx, { eventTypeId: eventType.id });
      return eventType;
    });
  }

  /** The event type a keyed addition changed, as it is now. */
  async recalled(address: TeamAddress, eventTypeId: number): Promise<EventType> {
    return new TeamEventTypeService(this.db, this.teams).get(address, eventTypeId);
  }

  /**
   * What a workflow does when it needs the SMS reminder number or the AI agent's phone number on the
   * booking form: adds its read-only field (once) to any event type.
   */
  async addWorkflowField(eventTypeId: number, slug: string): Promise<EventType> {
    const field = workflowBookingField(slug);
    if (!field) throw badInput('slug', `"${slug}" is not a workflow-added booking field (smsReminderNumber, aiAgentCallPhoneNumber)`);
    return this.db.transaction(async (tx) => {
      const eventType = await tx.findOneOrFail(EventType, { where: { id: eventTypeId }, lock: { mode: 'pessimistic_write' } });
      if (!eventType.bookingFields.some((f) => f.slug === slug)) {
        eventType.bookingFields = [...eventType.bookingFields, field];
        await tx.update(EventType, { id: eventType.id }, { bookingFields: eventType.bookingFields });
      }
      return eventType;
    });
  }
}

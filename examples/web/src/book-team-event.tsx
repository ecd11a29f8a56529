import { useLazyQuery, useMutation } from '@apollo/client/react';
import { BookSlotDocument, TeamSlotsDocument } from '@generated/graphql';
import { useState, type FormEvent } from 'react';

export interface TeamEventType {
  id: number;
  title: string;
  team: string;
}

/** How far ahead the app looks for free slots. */
const DAYS_AHEAD = 14;
/** Slots offered at once. */
const SLOTS_SHOWN = 6;

/** Books a guest into a free slot of a team event type (TeamSlots, then BookSlot), then reloads the bookings view. */
export function BookTeamEvent({ eventTypes, timeZone }: { eventTypes: TeamEventType[]; timeZone: string }) {
  const [eventTypeId, setEventTypeId] = useState<number | undefined>(eventTypes[0]?.id);
  const [start, setStart] = useState<string>();
  const [guestName, setGuestName] = useState('');
  const [guestEmail, setGuestEmail] = useState('');
  const [loadSlots, slots] = useLazyQuery(TeamSlotsDocument);
  const [book, booked] = useMutation(BookSlotDocument, { refetchQueries: ['UpcomingBookings'], awaitRefetchQueries: true });
  if (eventTypes.length === 0) return null;

  const showSlots = () => {
    const from = new Date();
    const to = new Date(from.getTime() + DAYS_AHEAD * 24 * 3600 * 1000);
    setStart(undefined);
    void loadSlots({ variables: { eventTypeId: eventTypeId!, startTime: from.toISOString(), endTime: to.toISOString(), timeZone } });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!start || !eventTypeId) return;
    const attendee = { name: guestName, email: guestEmail, timeZone };
    void book({ variables: { input: { eventTypeId, start: new Date(start).toISOString(), attendee } } }).catch(() => undefined);
  };
  const free = (slots.data?.availableSlots.days ?? []).flatMap((day) => day.slots).slice(0, SLOTS_SHOWN);

  return (
    <section id="book">
      <h2>Book a team event</h2>
      <label>
        Event type{' '}
        <select id="event-type" value={eventTypeId} onChange={(event) => setEventTypeId(Number(event.target.value))}>
          {eventTypes.map((eventType) => (
            <option key={eventType.id} value={eventType.id}>
              {eventType.title} ({eventType.team})
            </option>
          ))}
        </select>
      </label>{' '}
      <button id="show-slots" type="button" onClick={showSlots}>
        Show free slots
      </button>
      {slots.data && free.length === 0 && <p className="empty">No free slot in the next {DAYS_AHEAD} days.</p>}
      <ul className="slots">
        {free.map((slot) => (
          <li key={slot.start}>
            <button type="button" className="slot" aria-pressed={slot.start === start} onClick={() => setStart(slot.start)}>
              {slot.start}
            </button>
          </li>
        ))}
      </ul>
      {start && (
        <form id="guest" onSubmit={submit}>
          <input id="guest-name" placeholder="Guest's name" value={guestName} onChange={(event) => setGuestName(event.target.value)} required />
          <input
            id="guest-email"
            type="email"
            placeholder="Guest's e-mail"
            value={guestEmail}
            onChange={(event) => setGuestEmail(event.target.value)}
            required
          />
          <button type="submit" disabled={booked.loading}>
            Book {start}
          </button>
        </form>
      )}
      {booked.data && (
        <p id="booked">
          Booked: {booked.data.createBooking.title}, {booked.data.createBooking.start} ({booked.data.createBooking.status})
        </p>
      )}
      {booked.error && <p className="error">Not booked: {booked.error.message}</p>}
    </section>
  );
}

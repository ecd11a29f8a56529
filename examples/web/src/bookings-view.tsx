import { useQuery } from '@apollo/client/react';
import { UpcomingBookingsDocument, type UpcomingBookingsQuery } from '@generated/graphql';
import { BookTeamEvent, type TeamEventType } from './book-team-event';

type Booking = UpcomingBookingsQuery['bookings']['items'][number];

const when = (booking: Booking, timeZone: string) =>
  `${new Date(booking.start).toLocaleString('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short' })} (${timeZone})`;

/** The team event types the person's bookings are of, once each: the ones the person can book again. */
function teamEventTypesOf(bookings: Booking[]): TeamEventType[] {
  const byId = new Map<number, TeamEventType>();
  for (const { eventType } of bookings) if (eventType.team) byId.set(eventType.id, { id: eventType.id, title: eventType.title, team: eventType.team.name });
  return [...byId.values()];
}

/**
 * The person's upcoming bookings (the API's `upcoming`: accepted or pending, not ended), each with its event type, attendees and, for
 * a team event type, the team's members: all from one request (UpcomingBookings, sent as a trusted document), however many bookings
 * and teams there are.
 */
export function BookingsView() {
  // errorPolicy all: a team whose members the person may not see answers null there, with an error, and the rest still shows.
  const { data, error, loading } = useQuery(UpcomingBookingsDocument, { errorPolicy: 'all' });
  // Only the first load shows this: a refetch (after a booking) keeps the view, and the booking form's state, on screen.
  if (!data) return loading ? <p className="loading">Loading your bookings…</p> : <p className="error">Could not load your bookings: {error?.message}</p>;
  const { me, bookings } = data;
  const upcoming = bookings.items;
  return (
    <>
      <section id="bookings">
        <h1>
          Upcoming bookings of <span id="who">{me.name}</span>
        </h1>
        {upcoming.length === 0 && <p className="empty">Nothing booked.</p>}
        <ol>
          {upcoming.map((booking) => (
            <li key={booking.uid} className="booking" data-uid={booking.uid}>
              <h2 className="title">{booking.title}</h2>
              <p className="when">{when(booking, me.timeZone)}</p>
              <p className="event-type">
                {booking.eventType.title} ({booking.eventType.lengthInMinutes} min)
              </p>
              <ul className="attendees">
                {booking.attendees.map((attendee) => (
                  <li key={attendee.email}>
                    {attendee.name} &lt;{attendee.email}&gt;
                  </li>
                ))}
              </ul>
              {booking.eventType.team && (
                <div className="team">
                  <h3 className="team-name">{booking.eventType.team.name}</h3>
                  <ul className="members">
                    {(booking.eventType.team.members ?? []).map((member) => (
                      <li key={member.id}>
                        {member.user?.name ?? 'invited'} ({member.role.toLowerCase()})
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </li>
          ))}
        </ol>
      </section>
      <BookTeamEvent eventTypes={teamEventTypesOf(upcoming)} timeZone={me.timeZone} />
    </>
  );
}

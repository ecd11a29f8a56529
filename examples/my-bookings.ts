// A typed Apollo Client query over the generated documents (`npm run codegen` writes ./generated).
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { MyBookingsDocument } from './generated/graphql';

/** An Apollo Client for the gateway, with an API key (`npm run seed` prints some) or an OAuth access token. */
export function apiClient(url: string, bearer: string): ApolloClient {
  return new ApolloClient({
    link: new HttpLink({ uri: `${url}/graphql`, headers: { authorization: `Bearer ${bearer}` } }),
    cache: new InMemoryCache(),
  });
}

/** The caller's bookings, one line each: `data` is typed from the operation, no cast and no `any`. */
export async function myBookingLines(client: ApolloClient): Promise<string[]> {
  const { data } = await client.query({ query: MyBookingsDocument });
  if (!data) return [];
  return data.me.bookings.map((booking) => {
    const team = booking.eventType.team?.name ?? 'personal';
    const who = booking.attendees.map((attendee) => attendee.email).join(', ');
    return `${booking.start} ${booking.eventType.title} (${booking.eventType.lengthInMinutes} min, ${team}) with ${who}: ${booking.status}`;
  });
}

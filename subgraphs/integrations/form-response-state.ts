import { DataSource, EntityManager } from 'typeorm';

/**
 * Whether a routing form's response has led to a booking (its `routed_to_booking_uid` is set): what decides
 * FORM_SUBMITTED_NO_EVENT, for webhooks and for routing-form workflows alike. A response gone counts as booked
 * (nothing is due for it any more). Read by table name: the routing-form folder sits above its readers.
 */
export async function responseLedToBooking(db: DataSource | EntityManager, responseId: number): Promise<boolean> {
  const rows: Array<{ routed_to_booking_uid: string | null }> = await db.query('SELECT routed_to_booking_uid FROM routing_form_responses WHERE id = $1', [
    responseId,
  ]);
  return rows.length !== 1 || rows[0].routed_to_booking_uid != null;
}

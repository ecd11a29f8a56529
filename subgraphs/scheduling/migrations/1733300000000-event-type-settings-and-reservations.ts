import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every body field of the reference's event type create/update (CreateEventTypeInput_2024_06_14 and the
 * team variant) gets a column, and slot reservations (POST /v2/slots/reservations) a table.
 */
export class EventTypeSettingsAndReservations1733300000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      -- What changes availability (slots and bookings honour these).
      ALTER TABLE event_types
        ADD COLUMN length_in_minutes_options int[],
        ADD COLUMN minimum_booking_notice int NOT NULL DEFAULT 0,
        ADD COLUMN before_event_buffer int NOT NULL DEFAULT 0,
        ADD COLUMN after_event_buffer int NOT NULL DEFAULT 0,
        ADD COLUMN slot_interval int,
        ADD COLUMN offset_start int NOT NULL DEFAULT 0,
        ADD COLUMN only_show_first_available_slot boolean NOT NULL DEFAULT false,
        ADD COLUMN booking_limits_count jsonb,
        ADD COLUMN booking_limits_duration jsonb,
        ADD COLUMN booking_window jsonb,
        ADD COLUMN confirmation_policy jsonb,
        ADD COLUMN seats jsonb,
        ADD COLUMN scheduling_type text,
        -- Settings of the booking page, calendar events and e-mails: stored and answered.
        ADD COLUMN disable_guests boolean NOT NULL DEFAULT false,
        ADD COLUMN hide_calendar_notes boolean NOT NULL DEFAULT false,
        ADD COLUMN hide_calendar_event_details boolean NOT NULL DEFAULT false,
        ADD COLUMN hide_organizer_email boolean NOT NULL DEFAULT false,
        ADD COLUMN lock_time_zone_toggle_on_booking_page boolean NOT NULL DEFAULT false,
        ADD COLUMN use_destination_calendar_email boolean NOT NULL DEFAULT false,
        ADD COLUMN custom_name text,
        ADD COLUMN success_redirect_url text,
        ADD COLUMN color jsonb,
        ADD COLUMN booker_layouts jsonb,
        ADD COLUMN destination_calendar jsonb,
        ADD COLUMN cal_video_settings jsonb;

      -- A slot held for a while (reference "Slots" tag, 2024-09-04): others do not see it and cannot book it.
      CREATE TABLE slot_reservations (
        id serial PRIMARY KEY,
        uid text NOT NULL UNIQUE,
        event_type_id int NOT NULL REFERENCES event_types (id) ON DELETE CASCADE,
        user_id int NOT NULL,
        start_time timestamptz NOT NULL,
        end_time timestamptz NOT NULL,
        reserved_until timestamptz NOT NULL,
        reservation_duration int NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX slot_reservations_user_time_idx ON slot_reservations (user_id, start_time);
      CREATE INDEX slot_reservations_event_type_idx ON slot_reservations (event_type_id, start_time);

      -- Seated bookings: each attendee holds a seat with its own uid.
      ALTER TABLE attendees ADD COLUMN seat_uid text UNIQUE;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE attendees DROP COLUMN seat_uid;
      DROP TABLE slot_reservations;
      ALTER TABLE event_types
        DROP COLUMN length_in_minutes_options, DROP COLUMN minimum_booking_notice, DROP COLUMN before_event_buffer,
        DROP COLUMN after_event_buffer, DROP COLUMN slot_interval, DROP COLUMN offset_start,
        DROP COLUMN only_show_first_available_slot, DROP COLUMN booking_limits_count, DROP COLUMN booking_limits_duration,
        DROP COLUMN booking_window, DROP COLUMN confirmation_policy, DROP COLUMN seats, DROP COLUMN scheduling_type,
        DROP COLUMN disable_guests, DROP COLUMN hide_calendar_notes, DROP COLUMN hide_calendar_event_details,
        DROP COLUMN hide_organizer_email, DROP COLUMN lock_time_zone_toggle_on_booking_page,
        DROP COLUMN use_destination_calendar_email, DROP COLUMN custom_name, DROP COLUMN success_redirect_url,
        DROP COLUMN color, DROP COLUMN booker_layouts, DROP COLUMN destination_calendar, DROP COLUMN cal_video_settings;
    `);
  }
}

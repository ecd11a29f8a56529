import { DataSource } from 'typeorm';
import { AppleCalendarService } from './apple-calendar.service';
import { CalendarConnectService } from './calendar-connect.service';
import { CalendarService } from './calendar.service';
import { setting } from '../../../platform/configuration/settings';

/** How often a feed is re-read (`ICS_REFRESH_INTERVAL_MS`, default 15 minutes). */
export function icsRefreshIntervalMs(): number {
  return setting('ICS_REFRESH_INTERVAL_MS');
}

/**
 * The background refresher of ICS feeds (and of the busy times of OAuth and Apple CalDAV calendars, same interval): every tick it claims the feeds not read for the refresh
 * interval and replaces their cached events. Slots only ever read the cache.
 */
export function startIcsFeedRefresher(db: DataSource): { stop(): Promise<void> } {
  const interval = icsRefreshIntervalMs();
  const tickMs = Math.max(50, Math.min(interval, 30_000));
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped || !db.isInitialized) return;
    running = Promise.all([
      new CalendarService(db).refreshDueFeeds(interval),
      new CalendarConnectService(db).refreshDue(interval),
      new AppleCalendarService(db).refreshDue(interval),
    ])
      .catch((error) => console.error('[integrations] ICS feed refresh failed:', (error as Error).message))
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, tickMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

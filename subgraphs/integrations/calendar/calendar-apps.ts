/** The calendar providers the service knows, as the reference's `Integration` object describes them. */
export interface CalendarApp {
  slug: string;
  type: string;
  name: string;
  title: string;
  description: string;
  variant: 'calendar';
  categories: string[];
  logo: string;
  publisher: string;
  url: string;
  email: string;
  locationOption: null;
}

const app = (slug: string, type: string, name: string, description: string): CalendarApp => ({
  slug,
  type,
  name,
  title: name,
  description,
  variant: 'calendar',
  categories: ['calendar'],
  logo: `/app-store/${slug}/icon.svg`,
  publisher: 'svc',
  url: `https://svc.dev/apps/${slug}`,
  email: 'support@svc.dev',
  locationOption: null,
});

export const CALENDAR_APPS: Record<string, CalendarApp> = {
  'ics-feed': app('ics-feed', 'ics-feed_calendar', 'ICS Feed', 'Read busy times from any iCalendar (.ics) feed URL.'),
  'google-calendar': app('google-calendar', 'google_calendar', 'Google Calendar', 'Google Calendar, connected with OAuth.'),
  'office365-calendar': app('office365-calendar', 'office365_calendar', 'Outlook Calendar', 'Microsoft 365 / Outlook calendar, connected with OAuth.'),
  'apple-calendar': app('apple-calendar', 'apple_calendar', 'Apple Calendar', 'Apple (iCloud) calendar, connected over CalDAV with an app-specific password.'),
};

export const calendarAppOfType = (type: string): CalendarApp | undefined => Object.values(CALENDAR_APPS).find((a) => a.type === type);

import Sequencer from '@jest/test-sequencer';
import type { Test } from '@jest/test-result';
import { join, relative } from 'node:path';
import { ROOT } from './cli';

/**
 * The test files that take longest, with their seconds in a whole run (`npx jest --json`, two workers, a loaded machine:
 * only the order matters). Jest starts the longest first only when its cache of a previous run exists, and CI has none:
 * it then starts the biggest files first, so a short file that spawns `npm start` could start last and keep one worker
 * busy while the other has nothing left. Started longest first, the many short files fill the end on both workers.
 * A file missing here runs after these, in jest's own order; measure again when a file grows past the last one here.
 * Files merged since that run count the sum of their parts (request-id holds secrets-not-logged's case; npm-start
 * npm-start-sigterm's and supervisor supervised-worker's, less the stack starts they no longer make).
 */
export const SLOW_TEST_FILES: Record<string, number> = {
  'test/security/team-isolation.test.js': 104.4,
  'test/cli/admin.test.js': 63.3,
  'test/first-hour/request-id.test.js': 59.8,
  'test/cli/review-oauth-client.test.js': 56.3,
  'test/oauth/browser.test.js': 45.2,
  'test/backbone/npm-start.test.js': 45,
  'test/backbone/supervisor.test.js': 45,
  'test/first-hour/readme-walkthrough.test.js': 44.2,
  'test/rest/bookings.test.js': 43.4,
  'test/webhooks/delivery.test.js': 39.3,
  'test/security/no-internals.test.js': 39.1,
  'test/security/rate-limits.test.js': 38.9,
  'test/cli/seed.test.js': 34.0,
  'test/security/fuzz-authenticated.test.js': 33.7,
  'test/rest/event-types-fields.test.js': 30.5,
  'test/first-hour/browser-pages.test.js': 29.8,
  'test/first-hour/codegen.test.js': 26.6,
  'test/backbone/scale-out.test.js': 25.9,
  'test/backbone/contracts.test.js': 25.2,
  'test/rest/webhooks.test.js': 24.6,
  'test/webhooks/dead-letter.test.js': 24.5,
  'test/rest/booking-fields.test.js': 23.9,
  'test/security/fuzz-anonymous.test.js': 22.3,
  'test/oauth/client-review.test.js': 21.6,
  'test/oauth/authorize.test.js': 20.8,
  'test/webhooks/worker-crash.test.js': 19.9,
  'test/oauth/credentials.test.js': 19.9,
  'test/backbone/traces.test.js': 19.3,
  'test/backbone/imports.test.js': 18.7,
  'test/first-hour/port-errors.test.js': 18.5,
  'test/rest/slots-v2.test.js': 18.3,
  'test/rest/reference-shapes-rest.test.js': 17.8,
  'test/rest/bookings-private-links.test.js': 17.8,
  'test/rest/bookings-taken-slot.test.js': 15.9,
  'test/oauth/token-endpoint.test.js': 15.9,
  'test/rest/team-deletion.test.js': 15.6,
  'test/conformance/organization-people.test.js': 15.3,
  'test/integrations/routing-forms.test.js': 15.1,
  'test/security/client-errors.test.js': 14.9,
  'test/oauth/route-scopes.test.js': 14.9,
  'test/rest/attributes.test.js': 14.5,
  'test/rest/booker-email-verification.test.js': 13.7,
  'test/rest/phone-call.test.js': 13.2,
  'test/security/nested-paths.test.js': 13.1,
  'test/conformance/schedules-me-api-keys.test.js': 13.1,
  'test/security/hostile-input.test.js': 12.9,
  'test/oauth/platform.test.js': 12.9,
  'test/backbone/start-loads.test.js': 12.9,
  'test/security/stranger-walk.test.js': 12.7,
  'test/integrations/provider-oauth.test.js': 12.1,
  'test/first-hour/example-web.test.js': 12.0,
};

/** Jest's `testSequencer`: the files of SLOW_TEST_FILES first, longest first; the others after them, as jest orders them. */
export default class SlowestFirstSequencer extends Sequencer {
  async sort(tests: Array<Test>): Promise<Array<Test>> {
    const seconds = (test: Test) => SLOW_TEST_FILES[relative(join(ROOT, 'dist'), test.path)];
    const known = tests.filter((test) => seconds(test) !== undefined).sort((a, b) => seconds(b) - seconds(a));
    return [...known, ...(await super.sort(tests.filter((test) => seconds(test) === undefined)))];
  }
}

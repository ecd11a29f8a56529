import { randomBytes } from 'node:crypto';

/**
 * Imported first by bench/run.ts, before anything loads platform/principal.ts: the load
 * generator runs in a child process and signs principal headers itself, so both processes need the
 * same INTERNAL_SECRET (the stack would otherwise pick a random one of its own).
 */
process.env.INTERNAL_SECRET ||= randomBytes(32).toString('hex');
process.env.DB_POOL_SIZE ??= '10';
// The request budgets stay on (their bookkeeping is part of every request's cost), far above what a run sends.
for (const variable of ['RATE_LIMIT_PER_CREDENTIAL', 'RATE_LIMIT_PER_IP', 'RATE_LIMIT_PUBLIC_BOOKINGS_PER_IP']) process.env[variable] ||= '1000000000';
// The webhook bench's worker processes call the stack's gateway back (GraphLink): same key on both sides.
process.env.SYSTEM_CALL_SECRET ||= randomBytes(32).toString('hex');

import { randomBytes } from 'node:crypto';

/**
 * Imported first by bench/run.ts, before anything loads subgraphs/kit/principal.ts: the load
 * generator runs in a child process and signs principal headers itself, so both processes need the
 * same INTERNAL_SECRET (the stack would otherwise pick a random one of its own).
 */
process.env.INTERNAL_SECRET ||= randomBytes(32).toString('hex');
process.env.DB_POOL_SIZE ??= '10';

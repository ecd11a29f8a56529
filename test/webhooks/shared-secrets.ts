import { randomBytes } from 'node:crypto';

// Imported before anything that reads the keys: worker processes this test spawns call the gateway of
// the in-process stack (GraphLink), so both must sign and check system calls with one key.
process.env.SYSTEM_CALL_SECRET ||= randomBytes(32).toString('hex');
process.env.INTERNAL_SECRET ||= randomBytes(32).toString('hex');

import express from 'express';
import { AddressInfo } from 'node:net';
import { Pool } from 'pg';
import { sha256Hex } from '../platform/sha256';

/**
 * The floor of `GET /v2/me`: what a hand-written express + pg handler costs for the same answer, in a
 * process of its own (forked by bench/run.ts), on the stack's database and schemas. It does the work the
 * stack does for a first request, every time: hash the API key and look it up, then read the user, the
 * memberships with their teams, the default schedule and the booking limits, and answer the same JSON.
 * No cache: the stack's credential cache is one of the things the ratio measures.
 *
 * Started with DATABASE_URL; answers `{ port }` over IPC once listening, and `{ cpu }` (its CPU time, µs) to `'cpu'`.
 */

const API_KEY = /^Bearer\s+(svc_[0-9a-f]{64})\s*$/i;

const KEY_SQL = `SELECT user_id FROM oauth.api_keys WHERE hashed_key = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`;
const USER_SQL = `SELECT id, email, username, name, time_zone, time_format, week_start, locale, bio, avatar_url, metadata, created_at FROM organizations.users WHERE id = $1`;
const MEMBERSHIPS_SQL = `
  SELECT m.id, m.team_id, m.role, m.accepted, t.name, t.slug, t.is_organization, t.parent_id
  FROM organizations.memberships m JOIN organizations.teams t ON t.id = m.team_id
  WHERE m.user_id = $1 ORDER BY m.id`;
const DEFAULT_SCHEDULE_SQL = `SELECT id FROM scheduling.schedules WHERE owner_id = $1 AND is_default LIMIT 1`;
const LIMITS_SQL = `SELECT per_day, per_week, per_month, per_year FROM scheduling.booking_limits WHERE user_id = $1`;

export function floorApp(pool: Pool): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.get('/v2/me', async (req, res) => {
    try {
      const key = API_KEY.exec(req.header('authorization') ?? '')?.[1];
      const owner = key ? (await pool.query(KEY_SQL, [sha256Hex(key)])).rows[0] : undefined;
      if (!owner) return res.status(401).json({ status: 'error', error: { code: 'UNAUTHORIZED', message: 'Invalid API key' } });
      const userId = owner.user_id as number;
      const [users, memberships, schedules, limits] = await Promise.all([
        pool.query(USER_SQL, [userId]),
        pool.query(MEMBERSHIPS_SQL, [userId]),
        pool.query(DEFAULT_SCHEDULE_SQL, [userId]),
        pool.query(LIMITS_SQL, [userId]),
      ]);
      const u = users.rows[0];
      const organization = memberships.rows.find((m) => m.accepted && m.is_organization);
      const l = limits.rows[0];
      res.json({
        status: 'success',
        data: {
          id: u.id,
          email: u.email,
          username: u.username,
          name: u.name,
          timeZone: u.time_zone,
          timeFormat: u.time_format,
          weekStart: u.week_start,
          locale: u.locale,
          defaultScheduleId: schedules.rows[0]?.id ?? null,
          bio: u.bio,
          avatarUrl: u.avatar_url,
          metadata: u.metadata,
          createdAt: u.created_at,
          organizationId: organization?.team_id ?? null,
          ...(organization ? { organization: { id: organization.team_id, name: organization.name, slug: organization.slug, isPlatform: false } } : {}),
          memberships: memberships.rows.map((m) => ({
            id: m.id,
            teamId: m.team_id,
            role: m.role,
            accepted: m.accepted,
            team: { id: m.team_id, name: m.name, slug: m.slug, isOrganization: m.is_organization, parentId: m.parent_id },
          })),
          bookingLimits: { perDay: l?.per_day ?? null, perWeek: l?.per_week ?? null, perMonth: l?.per_month ?? null, perYear: l?.per_year ?? null },
        },
      });
    } catch (error) {
      res.status(500).json({ status: 'error', error: { code: 'INTERNAL_SERVER_ERROR', message: (error as Error).message } });
    }
  });
  return app;
}

if (require.main === module && process.send) {
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_SIZE ?? 10) });
  const server = floorApp(pool).listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
  process.on('message', (message) => {
    if (message !== 'cpu') return;
    const cpu = process.cpuUsage();
    process.send!({ cpu: cpu.user + cpu.system });
  });
  process.on('disconnect', () => {
    server.close();
    void pool.end().finally(() => process.exit(0));
  });
}

import type { Express } from 'express';
import { answerProbe, DependencyCheck, dependencyStates, notOk, READY_PATH } from '../platform/health';

export interface HealthSources {
  /** name → the subgraph's /graphql URL; its /health/ready is asked. */
  subgraphUrls: Record<string, string>;
  /** name → a background service's health URL (the webhook workers): shown in /health, never a condition of readiness. */
  workerHealthUrls?: Record<string, string>;
  /** The gateway's own database (rate limit counters, principal changes), when it has one. */
  checkDatabase?: DependencyCheck;
}

/** The URL answers 200; otherwise why not (`status 503`, `unreachable: …`), without reading further. */
function answers200(url: string): DependencyCheck {
  return async () => {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) }).catch((error: Error) => {
      throw new Error(`unreachable: ${error.message}`);
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`status ${response.status}`);
  };
}

const checksOf = (urls: Record<string, string>, toHealthUrl: (url: string) => string) =>
  Object.fromEntries(Object.entries(urls).map(([name, url]) => [name, answers200(toHealthUrl(url))]));

/**
 * The gateway's health endpoints. `/health/live`: the process answers. `/health/ready`: it can serve,
 * i.e. its database and every subgraph (each is needed for the supergraph) are ready; a load balancer or
 * compose routes on this one. `/health`, for people: every subgraph, the database and every worker with its
 * state; 503 on the same conditions as /health/ready, so a dead worker shows as `degraded` in the body but
 * never takes every gateway out of rotation.
 */
export function mountHealth(app: Express, sources: HealthSources): void {
  const subgraphs = checksOf(sources.subgraphUrls, (url) => url.replace(/\/graphql$/, READY_PATH));
  const { checkDatabase } = sources;
  // The driver's message names the database's address: the public port says only that it does not answer.
  const database: Record<string, DependencyCheck> = checkDatabase
    ? { database: () => checkDatabase().catch(() => Promise.reject(new Error('unreachable'))) }
    : {};
  const workers = checksOf(sources.workerHealthUrls ?? {}, (url) => url);
  const readiness = { ...database, ...subgraphs };
  app.use((req, res, next) => answerProbe(req, res, readiness) || next());
  app.get('/health', async (_req, res) => {
    const [subgraphStates, databaseStates, workerStates] = await Promise.all([
      dependencyStates(subgraphs),
      dependencyStates(database),
      dependencyStates(workers),
    ]);
    const ready = Object.keys(notOk({ ...subgraphStates, ...databaseStates })).length === 0;
    const allOk = ready && Object.keys(notOk(workerStates)).length === 0;
    res.status(ready ? 200 : 503).json({
      status: allOk ? 'ok' : 'degraded',
      subgraphs: subgraphStates,
      ...databaseStates,
      ...(sources.workerHealthUrls ? { workers: workerStates } : {}),
    });
  });
}

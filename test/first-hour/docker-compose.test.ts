import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { SUBGRAPHS } from '../../subgraphs';
import { ROOT } from '../support/cli';

type Service = { image?: string; build?: unknown; healthcheck?: { test: string[] }; depends_on?: Record<string, { condition: string }>; profiles?: string[]; command?: string[]; entrypoint?: string[]; environment?: Record<string, string> };

/** docker-compose.yml as compose reads it (anchors and merge keys resolved). No Docker needed. */
const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const APP_SERVICES = [...SUBGRAPHS.map((s) => s.name), 'gateway', 'webhook-worker'];

describe('docker compose: one image, health checks, the CLI in the containers', () => {
  it('runs postgres, the four subgraphs, the gateway and the webhook worker, each with a health check on its /health/ready', () => {
    expect(Object.keys(services).sort()).toEqual(['cli', 'postgres', ...APP_SERVICES].sort());
    for (const name of ['postgres', ...APP_SERVICES]) expect({ name, test: services[name].healthcheck?.test?.length }).toEqual({ name, test: expect.any(Number) });
    // Readiness, not the detailed /health: a dead webhook worker must not mark every gateway unhealthy.
    for (const name of APP_SERVICES) expect({ name, probe: services[name].healthcheck!.test.join(' ').match(/\/health[\w/]*/)?.[0] }).toEqual({ name, probe: '/health/ready' });
  });

  it('every service of ours, the CLI included, runs the one image the Dockerfile builds', () => {
    const images = new Set([...APP_SERVICES, 'cli'].map((name) => services[name].image));
    expect(images).toEqual(new Set(['svc-supergraph:local']));
    for (const name of [...APP_SERVICES, 'cli']) expect(services[name].build).toBe('.');
  });

  it('each subgraph runs its own entry point; the gateway starts once every subgraph is healthy', () => {
    for (const { name } of SUBGRAPHS) expect(services[name].command).toEqual(['node', `dist/subgraphs/${name}/main.js`]);
    expect(services.gateway.command).toEqual(['node', 'dist/gateway/main.js']);
    expect(services['webhook-worker'].command).toEqual(['node', 'dist/subgraphs/integrations/webhook-delivery/worker-main.js']);
    for (const { name } of SUBGRAPHS) expect(services.gateway.depends_on?.[name]).toEqual({ condition: 'service_healthy' });
  });

  it('the seed and admin commands run in the same image on the same database (`docker compose run --rm cli dist/cli/seed.js`), never started by `up`', () => {
    expect(services.cli.profiles).toEqual(['tools']);
    expect(services.cli.entrypoint).toEqual(['node']);
    expect(services.cli.environment?.DATABASE_URL).toBe(services.scheduling.environment?.DATABASE_URL);
  });
});

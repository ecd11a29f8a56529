import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { SUBGRAPHS } from '../../subgraphs';
import { ROOT } from '../support/cli';

type Service = {
  image?: string;
  build?: unknown;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  profiles?: string[];
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  ports?: Array<string | { published?: string | number }>;
  volumes?: string[];
};

/** docker-compose.yml as compose reads it (anchors and merge keys resolved). No Docker needed. */
const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const APP_SERVICES = [...SUBGRAPHS.map((s) => s.name), 'gateway', 'webhook-worker'];
/** The ports each subgraph listens on in its container, and where the balancer takes the gateways' fetches to it. */
const SUBGRAPH_PORTS: Record<string, number> = { scheduling: 4001, organizations: 4002, integrations: 4003, oauth: 4004 };

/** deploy/haproxy.cfg as sections: `backend gateways` → its lines, trimmed, comments dropped. */
function haproxySections(text: string): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*/, '').trim();
    if (!line) continue;
    if (/^\S/.test(raw)) sections.set(line, (current = []));
    else current?.push(line);
  }
  return sections;
}

describe('docker compose: one image, health checks, the CLI in the containers', () => {
  it('runs postgres, the four subgraphs, the gateway and the webhook worker, each with a health check on its /health/ready', () => {
    expect(Object.keys(services).sort()).toEqual(['balancer', 'cli', 'postgres', ...APP_SERVICES].sort());
    for (const name of ['postgres', ...APP_SERVICES])
      expect({ name, test: services[name].healthcheck?.test?.length }).toEqual({ name, test: expect.any(Number) });
    // Readiness, not the detailed /health: a dead webhook worker must not mark every gateway unhealthy.
    for (const name of APP_SERVICES)
      expect({ name, probe: services[name].healthcheck!.test.join(' ').match(/\/health[\w/]*/)?.[0] }).toEqual({ name, probe: '/health/ready' });
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

describe('docker compose scales (`--scale gateway=2 --scale scheduling=2 …`) behind haproxy', () => {
  const sections = haproxySections(readFileSync(join(ROOT, 'deploy', 'haproxy.cfg'), 'utf8'));
  const defaults = sections.get('defaults') ?? [];
  const backends = [...sections.entries()].filter(([name]) => name.startsWith('backend '));
  /** The frontend bound to a port, by the backend it sends to. */
  const backendOfPort = (port: number) => {
    const frontend = [...sections.entries()].find(([name, lines]) => name.startsWith('frontend ') && lines.includes(`bind :${port}`));
    return frontend?.[1].find((line) => line.startsWith('default_backend '))?.split(' ')[1];
  };
  /** The `server-template` lines of a backend: `<prefix> <count> <service>:<port> …`. */
  const serversOf = (backend: string) => (sections.get(`backend ${backend}`) ?? []).filter((line) => /^server(-template)? /.test(line));

  it('no service that scales publishes a fixed host port (two replicas cannot bind one); the balancer alone publishes 3000', () => {
    for (const name of APP_SERVICES) {
      const fixed = (services[name].ports ?? []).filter((port) => (typeof port === 'string' ? port.includes(':') : port.published !== undefined));
      expect({ name, fixed }).toEqual({ name, fixed: [] });
    }
    expect(services.balancer.ports).toEqual(['3000:3000']);
  });

  it('the balancer is haproxy with deploy/haproxy.cfg; the gateways start once it runs and reach every subgraph through it', () => {
    expect(services.balancer.image).toMatch(/^haproxy:/);
    expect(services.balancer.volumes).toContain('./deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
    expect(services.gateway.depends_on?.balancer).toEqual({ condition: 'service_started' });
    for (const [name, port] of Object.entries(SUBGRAPH_PORTS)) {
      expect(services.gateway.environment?.[`${name.toUpperCase()}_URL`]).toBe(`http://balancer:${port}/graphql`);
      expect({ port, backend: backendOfPort(port) }).toEqual({ port, backend: name });
      expect(serversOf(name)).toEqual([expect.stringMatching(new RegExp(`^server-template \\S+ \\d+ ${name}:${port}\\b`))]);
    }
    expect(services.scheduling.environment?.GATEWAY_INTERNAL_URL).toBe('http://balancer:4000');
    expect(serversOf(backendOfPort(3000)!)).toEqual([expect.stringMatching(/^server-template \S+ \d+ gateway:3000\b/)]);
    expect(serversOf(backendOfPort(4000)!)).toEqual([expect.stringMatching(/^server-template \S+ \d+ gateway:4000 port 3000\b/)]);
  });

  it("every backend's servers are found by Docker's DNS and health-checked on /health/ready (200), never on /health", () => {
    expect(backends.length).toBe(6);
    expect(defaults).toEqual(expect.arrayContaining(['option httpchk GET /health/ready', 'http-check expect status 200']));
    expect(defaults.find((line) => line.startsWith('default-server '))).toMatch(/^default-server check .*resolvers docker/);
    for (const [name, lines] of backends) {
      expect({ name, own: lines.filter((line) => /httpchk|http-check|no-check|no check/.test(line)) }).toEqual({ name, own: [] });
      expect({ name, servers: serversOf(name.slice('backend '.length)).length }).toEqual({ name, servers: 1 });
    }
    expect(sections.get('resolvers docker')).toContain('nameserver dns 127.0.0.11:53');
  });
});

import http from 'node:http';
import { AddressInfo } from 'node:net';
import { specialPurposeKind } from './outbound-address';
import {
  checkOutboundUrl,
  checkOutboundUrlWithoutLookup,
  fetchOutbound,
  OutboundError,
  OutboundNetworkError,
  OutboundRefused,
  OutboundTimeout,
  OutboundTooLarge,
  Resolver,
} from './outbound';

/** The outbound policy against real loopback servers: refusals, the private-target switch, deadlines, size caps. */

describe('classifying addresses (pure, no network)', () => {
  const table: [address: string, kind: string | undefined][] = [
    ['8.8.8.8', undefined],
    ['1.1.1.1', undefined],
    ['93.184.216.34', undefined],
    ['2001:4860:4860::8888', undefined],
    ['2606:4700:4700::1111', undefined],
    ['::ffff:8.8.8.8', undefined],
    ['64:ff9b::808:808', undefined],
    ['0.0.0.0', 'unspecified ("this network")'],
    ['0.1.2.3', 'unspecified ("this network")'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['169.254.169.254', 'link-local'],
    ['192.0.0.8', 'IETF protocol assignment'],
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['192.88.99.1', '6to4 relay'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::7f00:1', 'IPv4-compatible (deprecated)'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:a00:5', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b:1::1', 'local-use NAT64'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['::ffff:0:7f00:1', 'IPv4-translated'],
    ['100::1', 'discard-only'],
    ['2001::1', 'IETF protocol assignment'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['fc00::1', 'unique-local (private)'],
    ['fd00::1', 'unique-local (private)'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fec0::1', 'site-local (deprecated)'],
    ['ff02::1', 'multicast'],
  ];

  it.each(table)('%s → %s', (address, kind) => {
    expect(specialPurposeKind(address)).toBe(kind);
  });

  it('throws on what is not an IP address', () => {
    expect(() => specialPurposeKind('localhost')).toThrow(TypeError);
  });
});

describe('checking URLs a user saves (literals need no network)', () => {
  const noDns: Resolver = async (hostname) => {
    throw new Error(`the test did not expect ${hostname} to be resolved`);
  };
  const refused = (url: string) => expect(checkOutboundUrl(url, { allowPrivateTargets: false, resolve: noDns })).rejects;

  it.each([
    ['ftp://example.com/', 'only http and https URLs are allowed, not ftp:'],
    ['file:///etc/passwd', 'only http and https URLs are allowed, not file:'],
    ['gopher://example.com/', 'only http and https URLs are allowed, not gopher:'],
    ['http://user:secret@example.com/', 'URLs with credentials (user:password@) are not allowed'],
    ['https://user@example.com/', 'URLs with credentials (user:password@) are not allowed'],
    ['not a url', '"not a url" is not a valid URL'],
  ])('%s is refused: %s', async (url, message) => {
    await refused(url).toThrow(new OutboundRefused(message));
  });

  // What the WHATWG parser normalises each spelling to, then the address check.
  it.each([
    ['http://10.0.0.5/', 'private address 10.0.0.5 is not an allowed target'],
    ['http://127.0.0.1:8080/', 'loopback address 127.0.0.1 is not an allowed target'],
    ['http://2130706433/', 'loopback address 127.0.0.1 is not an allowed target'],
    ['http://0x7f.1/', 'loopback address 127.0.0.1 is not an allowed target'],
    ['http://0177.0.0.1/', 'loopback address 127.0.0.1 is not an allowed target'],
    ['http://127.1/', 'loopback address 127.0.0.1 is not an allowed target'],
    ['http://127.0.0.1./', 'loopback address 127.0.0.1 is not an allowed target'],
    ['http://0/', 'unspecified ("this network") address 0.0.0.0 is not an allowed target'],
    ['http://0.0.0.0/', 'unspecified ("this network") address 0.0.0.0 is not an allowed target'],
    ['http://[::]/', 'unspecified address :: is not an allowed target'],
    ['http://[::1]/', 'loopback address ::1 is not an allowed target'],
    ['http://[::ffff:127.0.0.1]/', 'loopback address ::ffff:7f00:1 is not an allowed target'],
    ['http://[64:ff9b::127.0.0.1]/', 'loopback address 64:ff9b::7f00:1 is not an allowed target'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local address 169.254.169.254 is not an allowed target'],
    ['https://[fd00::1]/', 'unique-local (private) address fd00::1 is not an allowed target'],
    ['https://[fe80::1]/', 'link-local address fe80::1 is not an allowed target'],
    ['http://100.64.0.1/', 'carrier-grade NAT address 100.64.0.1 is not an allowed target'],
  ])('%s is refused: %s', async (url, message) => {
    await refused(url).toThrow(new OutboundRefused(message));
  });

  it('public literals are allowed without resolving anything', async () => {
    await expect(checkOutboundUrl('https://8.8.8.8/hooks', { resolve: noDns })).resolves.toBeInstanceOf(URL);
    await expect(checkOutboundUrl('https://[2001:4860:4860::8888]:8443/', { resolve: noDns })).resolves.toBeInstanceOf(URL);
  });

  it('a name is refused when any address it resolves to is private, without saying which address (no DNS oracle)', async () => {
    const resolve: Resolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    await expect(checkOutboundUrl('https://hooks.example.com/x', { allowPrivateTargets: false, resolve })).rejects.toThrow(
      new OutboundRefused('hooks.example.com resolves to a private address, which is not an allowed target'),
    );
  });

  it('localhost is refused through the system resolver', async () => {
    await expect(checkOutboundUrl('http://localhost:3000/', { allowPrivateTargets: false })).rejects.toThrow(
      /^localhost resolves to a loopback address, which is not an allowed target$/,
    );
  });

  it('private literals are accepted with allowPrivateTargets', async () => {
    await expect(checkOutboundUrl('http://127.0.0.1:3000/', { allowPrivateTargets: true })).resolves.toBeInstanceOf(URL);
  });
});

describe('requests to real loopback servers', () => {
  const servers: http.Server[] = [];
  let hits: string[] = [];

  async function serve(handler: http.RequestListener): Promise<number> {
    const server = http.createServer((request, response) => {
      hits.push(`${request.method} ${request.headers.host}${request.url}`);
      handler(request, response);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }

  let ok: number;
  beforeAll(async () => {
    ok = await serve((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => response.writeHead(200, { 'content-type': 'text/plain' }).end(`got ${Buffer.concat(chunks).toString() || 'nothing'}`));
    });
  });
  beforeEach(() => {
    hits = [];
  });
  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  const denied = { allowPrivateTargets: false };
  const allowed = { allowPrivateTargets: true };

  it.each([
    ['127.0.0.1', 'loopback address 127.0.0.1'],
    ['2130706433', 'loopback address 127.0.0.1'],
    ['0x7f.1', 'loopback address 127.0.0.1'],
    ['0.0.0.0', 'unspecified ("this network") address 0.0.0.0'],
    ['[::1]', 'loopback address ::1'],
    ['[::ffff:127.0.0.1]', 'loopback address ::ffff:7f00:1'],
    ['localhost', 'localhost resolves to a loopback address'],
  ])('http://%s:port is refused before any connection', async (host, message) => {
    const error = await fetchOutbound(`http://${host}:${ok}/`, denied).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundRefused);
    expect((error as OutboundError).kind).toBe('refused');
    expect((error as Error).message).toContain(message);
    expect(hits).toEqual([]);
  });

  it('the refusal holds when the name is resolved again at connect time (DNS rebinding)', async () => {
    let answers = 0;
    const rebinding: Resolver = async () => [{ address: answers++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
    await expect(checkOutboundUrl(`http://rebind.test:${ok}/`, { ...denied, resolve: rebinding })).resolves.toBeInstanceOf(URL);
    await expect(fetchOutbound(`http://rebind.test:${ok}/`, { ...denied, resolve: rebinding })).rejects.toThrow(
      new OutboundRefused('rebind.test resolves to a loopback address, which is not an allowed target'),
    );
    expect(answers).toBe(2);
    expect(hits).toEqual([]);
  });

  it('connects to the address the check saw, with the name kept for the Host header', async () => {
    const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const answer = await fetchOutbound(`http://feed.test:${ok}/calendar.ics`, { ...allowed, resolve });
    expect(answer.status).toBe(200);
    expect(hits).toEqual([`GET feed.test:${ok}/calendar.ics`]);
  });

  it('allowPrivateTargets lets a request reach loopback, with method, headers and body', async () => {
    const answer = await fetchOutbound(`http://localhost:${ok}/hook`, {
      ...allowed,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain');
    expect(answer.body.toString()).toBe('got {"a":1}');
    expect(hits).toEqual([`POST localhost:${ok}/hook`]);
  });

  describe('ALLOW_PRIVATE_TARGETS', () => {
    const saved = process.env.ALLOW_PRIVATE_TARGETS;
    afterEach(() => {
      if (saved === undefined) delete process.env.ALLOW_PRIVATE_TARGETS;
      else process.env.ALLOW_PRIVATE_TARGETS = saved;
    });

    it('=1 allows private targets; unset refuses them; an explicit option wins', async () => {
      process.env.ALLOW_PRIVATE_TARGETS = '1';
      await expect(fetchOutbound(`http://127.0.0.1:${ok}/`)).resolves.toMatchObject({ status: 200 });
      await expect(fetchOutbound(`http://127.0.0.1:${ok}/`, denied)).rejects.toBeInstanceOf(OutboundRefused);
      delete process.env.ALLOW_PRIVATE_TARGETS;
      await expect(fetchOutbound(`http://127.0.0.1:${ok}/`)).rejects.toBeInstanceOf(OutboundRefused);
      await expect(checkOutboundUrl(`http://127.0.0.1:${ok}/`)).rejects.toBeInstanceOf(OutboundRefused);
      expect(hits).toHaveLength(1);
    });
  });

  it('a server that does not answer in time is a timeout, within bounds', async () => {
    const silent = await serve(() => {});
    const started = Date.now();
    const error = await fetchOutbound(`http://127.0.0.1:${silent}/`, { ...allowed, timeoutMs: 200 }).catch((e: unknown) => e);
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(OutboundTimeout);
    expect((error as Error).message).toBe(`no complete answer from 127.0.0.1:${silent} within 200 ms`);
    expect(elapsed).toBeGreaterThanOrEqual(190);
    expect(elapsed).toBeLessThan(1500);
  });

  it('the deadline covers the whole answer, not only its headers', async () => {
    const trickle = await serve((_request, response) => {
      response.writeHead(200);
      response.write('first bytes…');
    });
    const started = Date.now();
    await expect(fetchOutbound(`http://127.0.0.1:${trickle}/`, { ...allowed, timeoutMs: 200 })).rejects.toBeInstanceOf(OutboundTimeout);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('a chunked answer larger than the cap stops reading and fails', async () => {
    let written = 0;
    let stoppedAt: (bytes: number) => void;
    const stopped = new Promise<number>((resolve) => (stoppedAt = resolve));
    const endless = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/calendar' }); // no content-length: chunked
      const chunk = Buffer.alloc(16 * 1024, 'x');
      const pump = () => {
        while (!response.destroyed && written < 64 * 1024 * 1024) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      response.on('close', () => stoppedAt(written));
      pump();
    });
    const error = await fetchOutbound(`http://127.0.0.1:${endless}/`, { ...allowed, maxResponseBytes: 100_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundTooLarge);
    expect((error as Error).message).toBe(`the answer from 127.0.0.1:${endless} is larger than 100000 bytes`);
    expect(await stopped).toBeLessThan(64 * 1024 * 1024); // the connection was dropped, not read to the end
  });

  it('a declared content-length above the cap fails before reading the body', async () => {
    const big = await serve((_request, response) => {
      response.writeHead(200, { 'content-length': 5000 });
      response.write('x');
    });
    await expect(fetchOutbound(`http://127.0.0.1:${big}/`, { ...allowed, maxResponseBytes: 4096, timeoutMs: 5000 })).rejects.toBeInstanceOf(OutboundTooLarge);
  });

  it('an answer exactly at the cap is read whole', async () => {
    const exact = await serve((_request, response) => response.end(Buffer.alloc(4096, 'y')));
    const answer = await fetchOutbound(`http://127.0.0.1:${exact}/`, { ...allowed, maxResponseBytes: 4096 });
    expect(answer.body.length).toBe(4096);
  });

  it('redirects are not followed: the 3xx is the answer, the private target gets nothing', async () => {
    const redirecting = await serve((_request, response) => response.writeHead(302, { location: `http://127.0.0.1:${ok}/internal` }).end());
    const answer = await fetchOutbound(`http://127.0.0.1:${redirecting}/`, allowed);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(`http://127.0.0.1:${ok}/internal`);
    expect(hits).toEqual([`GET 127.0.0.1:${redirecting}/`]);
  });

  it('a closed port and a connection cut mid-answer are network errors', async () => {
    const closed = await serve(() => {});
    await new Promise((resolve) => servers.pop()!.close(resolve));
    await expect(fetchOutbound(`http://127.0.0.1:${closed}/`, allowed)).rejects.toBeInstanceOf(OutboundNetworkError);

    const cut = await serve((_request, response) => {
      response.writeHead(200, { 'content-length': 100 });
      response.write('partial', () => response.socket?.destroy());
    });
    const error = await fetchOutbound(`http://127.0.0.1:${cut}/`, allowed).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundNetworkError);
    expect((error as OutboundError).kind).toBe('network');
  });

  describe('keepAlive (pooled connections per origin and checked address)', () => {
    let connections = 0;
    let pooled: number;
    beforeAll(async () => {
      pooled = await serve((_request, response) => response.writeHead(200).end('ok'));
      servers[servers.length - 1].on('connection', () => connections++);
    });
    beforeEach(() => {
      connections = 0;
    });

    it('a second request to the same receiver reuses the connection; without keepAlive each opens its own', async () => {
      const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
      await expect(fetchOutbound(`http://receiver.test:${pooled}/a`, { ...allowed, resolve, keepAlive: true })).resolves.toMatchObject({ status: 200 });
      await expect(fetchOutbound(`http://receiver.test:${pooled}/b`, { ...allowed, resolve, keepAlive: true })).resolves.toMatchObject({ status: 200 });
      expect(connections).toBe(1);
      await fetchOutbound(`http://127.0.0.1:${pooled}/c`, allowed);
      await fetchOutbound(`http://127.0.0.1:${pooled}/d`, allowed);
      expect(connections).toBe(3);
      expect(hits).toEqual([`GET receiver.test:${pooled}/a`, `GET receiver.test:${pooled}/b`, `GET 127.0.0.1:${pooled}/c`, `GET 127.0.0.1:${pooled}/d`]);
    });

    it('with a pooled connection open, a name that now resolves to a forbidden address is refused, and one resolving elsewhere does not ride the old connection', async () => {
      let address = '127.0.0.1';
      const resolve: Resolver = async () => [{ address, family: 4 }];
      await expect(fetchOutbound(`http://rebound.test:${pooled}/first`, { ...allowed, resolve, keepAlive: true })).resolves.toMatchObject({ status: 200 });
      // The same name, the same address, the policy on: refused before the pooled socket is used.
      await expect(fetchOutbound(`http://rebound.test:${pooled}/second`, { ...denied, resolve, keepAlive: true })).rejects.toThrow(
        new OutboundRefused('rebound.test resolves to a loopback address, which is not an allowed target'),
      );
      // Another address (nothing listens on 127.0.0.2): a new connection to it, which fails; the open one to 127.0.0.1 is not used.
      address = '127.0.0.2';
      await expect(fetchOutbound(`http://rebound.test:${pooled}/third`, { ...allowed, resolve, keepAlive: true })).rejects.toBeInstanceOf(OutboundNetworkError);
      expect(hits).toEqual([`GET rebound.test:${pooled}/first`]);
      expect(connections).toBe(1);
    });

    it('redirects are still not followed', async () => {
      const redirecting = await serve((_request, response) => response.writeHead(307, { location: `http://127.0.0.1:${ok}/internal` }).end());
      const answer = await fetchOutbound(`http://127.0.0.1:${redirecting}/`, { ...allowed, keepAlive: true });
      expect(answer.status).toBe(307);
      expect(hits).toEqual([`GET 127.0.0.1:${redirecting}/`]);
    });
  });

  it('a name that does not resolve is a network error', async () => {
    const nowhere: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.test'), { code: 'ENOTFOUND' });
    };
    const error = await fetchOutbound('http://nowhere.test/', { resolve: nowhere }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundNetworkError);
    expect((error as Error).message).toBe('cannot resolve nowhere.test: getaddrinfo ENOTFOUND nowhere.test');
  });
});

describe('checkOutboundUrlWithoutLookup (saving a URL during a request: no DNS)', () => {
  it.each([
    ['http://127.0.0.1/x'],
    ['http://localhost/x'],
    ['http://LOCALHOST./x'],
    ['http://a.localhost/x'],
    ['http://[::1]/x'],
    ['http://10.0.0.1/x'],
    ['http://2130706433/x'],
    ['ftp://example.com/x'],
    ['https://u:p@example.com/x'],
  ])('%s is refused', (url) => expect(() => checkOutboundUrlWithoutLookup(url, { allowPrivateTargets: false })).toThrow(OutboundRefused));
  it('a name is accepted without resolving it (even one that cannot resolve)', () => {
    expect(checkOutboundUrlWithoutLookup('https://nowhere.invalid/hook', { allowPrivateTargets: false }).hostname).toBe('nowhere.invalid');
  });
  it('allowPrivateTargets lets loopback through', () => {
    expect(checkOutboundUrlWithoutLookup('http://localhost:8080/x', { allowPrivateTargets: true }).port).toBe('8080');
  });
});

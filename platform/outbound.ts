import dns, { LookupAddress } from 'node:dns';
import http, { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP, LookupFunction } from 'node:net';
import { specialPurposeKind } from './outbound-address';
import { setting } from './configuration/settings';

/**
 * The one policy for requests to URLs that users supply (webhook deliveries, ICS feeds, providers):
 * http(s) only, no credentials in the URL, no private / loopback / special-purpose targets — checked
 * on the address the connection is made to, after resolution — a deadline for the whole exchange and a
 * cap on the answer's size. Redirects are not followed: a 3xx is answered as it is.
 * Node's http(s) rather than fetch, because its `lookup` hook lets us connect to the very address we
 * checked (no second resolution a DNS rebinding could change) while TLS still verifies the host name.
 */

export type OutboundErrorKind = 'refused' | 'timeout' | 'too-large' | 'network';

/** Any failure of an outbound request; `kind` (or the subclass) tells which. */
export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundErrorKind,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}
/** The target is not allowed (scheme, credentials, private address); the message is fit for the user. */
export class OutboundRefused extends OutboundError {
  constructor(message: string) {
    super('refused', message);
  }
}
/** No complete answer within the deadline (connection included). */
export class OutboundTimeout extends OutboundError {
  constructor(message: string) {
    super('timeout', message);
  }
}
/** The answer is larger than allowed; reading stopped there. */
export class OutboundTooLarge extends OutboundError {
  constructor(message: string) {
    super('too-large', message);
  }
}
/** DNS failure, connection refused or reset, TLS error, … (`cause` holds Node's error). */
export class OutboundNetworkError extends OutboundError {
  constructor(message: string, cause?: unknown) {
    super('network', message, { cause });
  }
}

/** Resolves a host name to all its addresses (the system resolver unless a test passes its own). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export interface OutboundPolicyOptions {
  /** Allow private / loopback / special-purpose targets. Default: `ALLOW_PRIVATE_TARGETS=1`, else false. */
  allowPrivateTargets?: boolean;
  resolve?: Resolver;
}

export interface OutboundRequestOptions extends OutboundPolicyOptions {
  method?: string;
  headers?: OutgoingHttpHeaders;
  body?: string | Buffer;
  /** Deadline for connecting and reading the whole answer. Default `OUTBOUND_TIMEOUT_MS`, else 10 000. */
  timeoutMs?: number;
  /** Largest answer body read. Default `OUTBOUND_MAX_RESPONSE_BYTES`, else 1 MiB. */
  maxResponseBytes?: number;
  /**
   * Keep the connection for the next request to the same origin at the same checked address (webhook
   * deliveries: many requests to few receivers). Every request still resolves and checks the name first.
   * Default false: a fresh connection each time.
   */
  keepAlive?: boolean;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

function allowPrivate(options: OutboundPolicyOptions): boolean {
  return options.allowPrivateTargets ?? setting('ALLOW_PRIVATE_TARGETS');
}

/**
 * Refuses a special-purpose address. For a name, the message says which kind of address it resolves to
 * but not the address: the refusal reaches the user (a webhook's delivery log, an ICS feed's error), and
 * must not tell them what names resolve to inside our network. A literal is the user's own input.
 */
function refuseSpecialPurpose(address: string, hostname?: string): void {
  const kind = specialPurposeKind(address);
  if (!kind) return;
  throw new OutboundRefused(
    hostname
      ? `${hostname} resolves to ${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} address, which is not an allowed target`
      : `${kind} address ${address} is not an allowed target`,
  );
}

/** The URL's syntax and, for an IP literal, its address; names are checked when resolved. */
function parseTarget(target: string | URL, allowPrivateTargets: boolean): URL {
  let url: URL;
  try {
    url = new URL(String(target));
  } catch {
    throw new OutboundRefused(`${JSON.stringify(String(target))} is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRefused(`only http and https URLs are allowed, not ${url.protocol}`);
  }
  if (url.username || url.password) throw new OutboundRefused('URLs with credentials (user:password@) are not allowed');
  // The WHATWG parser has already turned 2130706433, 0x7f.1, 0177.0.0.1 into 127.0.0.1.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) && !allowPrivateTargets) refuseSpecialPurpose(host);
  return url;
}

/** Resolve a host name and refuse it when any of its addresses is not an allowed target. */
async function resolveAllowed(hostname: string, resolve: Resolver, allowPrivateTargets: boolean): Promise<LookupAddress[]> {
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(hostname);
  } catch (error) {
    throw new OutboundNetworkError(`cannot resolve ${hostname}: ${(error as Error).message}`, error);
  }
  if (addresses.length === 0) throw new OutboundNetworkError(`${hostname} has no address`);
  if (!allowPrivateTargets) for (const { address } of addresses) refuseSpecialPurpose(address, hostname);
  return addresses;
}

/**
 * Check a URL a user is saving (a webhook's subscriberUrl, an ICS feed): scheme, credentials and
 * every address its host resolves to now. Throws OutboundRefused (or OutboundNetworkError when the
 * name cannot be resolved); answers the parsed URL. fetchOutbound checks again when it connects.
 */
export async function checkOutboundUrl(target: string | URL, options: OutboundPolicyOptions = {}): Promise<URL> {
  const allowPrivateTargets = allowPrivate(options);
  const url = parseTarget(target, allowPrivateTargets);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!isIP(host)) await resolveAllowed(host, options.resolve ?? systemResolver, allowPrivateTargets);
  return url;
}

/**
 * The same check without any DNS lookup, for a URL saved during a request (a webhook's subscriberUrl):
 * scheme, credentials, an IP literal's address, and `localhost` / `*.localhost` (loopback by RFC 6761).
 * Other names are accepted as they are — they may not resolve where the service runs, or resolve
 * differently later — and fetchOutbound checks what they resolve to when it connects.
 */
export function checkOutboundUrlWithoutLookup(target: string | URL, options: OutboundPolicyOptions = {}): URL {
  const allowPrivateTargets = allowPrivate(options);
  const url = parseTarget(target, allowPrivateTargets);
  const host = url.hostname.replace(/\.$/, '').toLowerCase();
  if (!allowPrivateTargets && (host === 'localhost' || host.endsWith('.localhost'))) {
    throw new OutboundRefused(`${url.hostname} is a loopback name, which is not an allowed target`);
  }
  return url;
}

/** A `lookup` for the socket: resolve once, check every address, hand over only checked ones. */
function checkedLookup(resolve: Resolver, allowPrivateTargets: boolean): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family || 0;
    resolveAllowed(hostname, resolve, allowPrivateTargets)
      .then((all) => {
        const addresses = family ? all.filter((a) => a.family === family) : all;
        if (addresses.length === 0) throw new OutboundNetworkError(`${hostname} has no IPv${family} address`);
        return addresses;
      })
      .then(
        (addresses) => (options.all ? callback(null, addresses) : callback(null, addresses[0].address, addresses[0].family)),
        (error) => callback(error, ''),
      );
  };
}

/**
 * Pooled connections for `keepAlive` requests, one agent per origin *and checked address*: a socket in
 * an agent was opened to that very address, so reusing it for a request whose fresh resolution gave the
 * same address is as safe as a new connection (the check is on the address connected to). A name that
 * now resolves elsewhere gets another agent, and one that resolves to a forbidden address is refused
 * before any agent is chosen. Least recently used agents are dropped past POOLED_ORIGINS; their idle
 * sockets close on their own (idle timeout, unref'ed: they never hold a process up).
 */
const POOLED_ORIGINS = 512;
const IDLE_SOCKET_MS = 4_000;
const pooledAgents = new Map<string, http.Agent>();

function pooledAgent(url: URL, address: string): http.Agent {
  const key = `${url.protocol}//${url.host}@${address}`;
  let agent = pooledAgents.get(key);
  if (agent) pooledAgents.delete(key);
  else {
    if (pooledAgents.size >= POOLED_ORIGINS) pooledAgents.delete(pooledAgents.keys().next().value!);
    const options: http.AgentOptions = { keepAlive: true, maxFreeSockets: 16, timeout: IDLE_SOCKET_MS, scheduling: 'lifo' };
    agent = url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
  }
  pooledAgents.set(key, agent); // most recently used last
  return agent;
}

/** The address a keepAlive request connects to: an IP literal as it is, a name resolved once and checked. */
async function pinnedAddress(url: URL, resolve: Resolver, allowPrivateTargets: boolean): Promise<LookupAddress> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(host);
  if (family) return { address: host, family };
  return (await resolveAllowed(host, resolve, allowPrivateTargets))[0];
}

/** A `lookup` that answers the already checked address (new sockets of a pooled agent). */
function pinnedLookup(pinned: LookupAddress): LookupFunction {
  return (_hostname, options, callback) => (options.all ? callback(null, [pinned]) : callback(null, pinned.address, pinned.family));
}

/**
 * One request under the outbound policy. Answers any status (3xx included: redirects are not
 * followed); throws OutboundRefused, OutboundTimeout, OutboundTooLarge or OutboundNetworkError.
 */
export function fetchOutbound(target: string | URL, options: OutboundRequestOptions = {}): Promise<OutboundResponse> {
  const allowPrivateTargets = allowPrivate(options);
  const timeoutMs = options.timeoutMs ?? setting('OUTBOUND_TIMEOUT_MS');
  const maxBytes = options.maxResponseBytes ?? setting('OUTBOUND_MAX_RESPONSE_BYTES');
  const resolver = options.resolve ?? systemResolver;
  let url: URL;
  try {
    url = parseTarget(target, allowPrivateTargets);
  } catch (error) {
    return Promise.reject(error);
  }

  return new Promise((resolve, reject) => {
    let settled = false;
    let request: http.ClientRequest | undefined;
    const settle = (error: Error | undefined, response?: OutboundResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // A complete answer leaves a pooled socket to its agent; anything else ends the connection.
      if (error || !options.keepAlive) request?.destroy();
      if (error) reject(error);
      else resolve(response!);
    };
    const tooLarge = () => new OutboundTooLarge(`the answer from ${url.host} is larger than ${maxBytes} bytes`);
    const timer = setTimeout(() => settle(new OutboundTimeout(`no complete answer from ${url.host} within ${timeoutMs} ms`)), timeoutMs);

    const send = (agent: http.Agent | false, lookup: LookupFunction) => {
      const sent = (url.protocol === 'https:' ? https : http).request(url, { method: options.method ?? 'GET', headers: options.headers, agent, lookup });
      request = sent;
      // A reset on a reused socket is not sent again here: the receiver may have read the request (the caller's retry decides).
      sent.on('error', (error) => {
        settle(error instanceof OutboundError ? error : new OutboundNetworkError(`request to ${url.host} failed: ${error.message}`, error));
      });
      sent.on('response', (response) => {
        if (Number(response.headers['content-length']) > maxBytes) return settle(tooLarge());
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) settle(tooLarge());
          else chunks.push(chunk);
        });
        response.on('end', () => settle(undefined, { status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', (error) => settle(new OutboundNetworkError(`reading the answer from ${url.host} failed: ${error.message}`, error)));
        response.on('close', () => {
          if (!response.complete) settle(new OutboundNetworkError(`${url.host} closed the connection before the answer was complete`));
        });
      });
      sent.end(options.body);
    };

    if (!options.keepAlive) {
      // agent: false — a fresh connection each time, never a pooled socket some other code opened.
      return send(false, checkedLookup(resolver, allowPrivateTargets));
    }
    pinnedAddress(url, resolver, allowPrivateTargets).then(
      (pinned) => {
        if (!settled) send(pooledAgent(url, pinned.address), pinnedLookup(pinned));
      },
      (error: Error) => settle(error),
    );
  });
}

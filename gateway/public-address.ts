import { Request } from 'express';

/**
 * express's `trust proxy` from TRUST_PROXY: unset or `false` trusts no proxy (X-Forwarded-* is
 * ignored); a number trusts that many hops; anything else is express's list of addresses or
 * subnets (`loopback`, `10.0.0.0/8, 172.16.0.0/12`).
 */
export function trustProxySetting(value: string | undefined): boolean | number | string {
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

/**
 * The origin users reach the gateway at, for the issuer and every absolute URL: PUBLIC_URL when set;
 * otherwise the gateway's own listening address (loopback when it listens on every interface). Never
 * the request's Host header: whoever sends the request must not choose the issuer. The scheme is
 * https only when a trusted proxy said so (express's req.protocol honours X-Forwarded-Proto only then).
 */
export function publicOriginOf(req: Request, address: { publicUrl?: string; host: string; port: number }): string {
  if (address.publicUrl) return address.publicUrl.replace(/\/+$/, '');
  const host = address.host === '0.0.0.0' || address.host === '::' ? '127.0.0.1' : address.host;
  return `${req.protocol}://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

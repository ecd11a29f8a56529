import { Request, Response } from 'express';

/** The request's cookies (the few the pages set; no dependency needed for that). */
export function readCookies(req: Request): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (!(name in cookies)) {
      try {
        cookies[name] = decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        // a malformed value is no cookie of ours
      }
    }
  }
  return cookies;
}

/**
 * HttpOnly, SameSite=Lax, Path=/auth, and Secure when the browser talks https to us: the session
 * never reaches scripts, cross-site POSTs or the API under /v2.
 */
export function setCookie(res: Response, name: string, value: string, options: { secure: boolean; maxAgeSeconds?: number }): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/auth', 'HttpOnly', 'SameSite=Lax'];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`);
  if (options.secure) parts.push('Secure');
  res.append('Set-Cookie', parts.join('; '));
}

export function clearCookie(res: Response, name: string, options: { secure: boolean }): void {
  setCookie(res, name, '', { ...options, maxAgeSeconds: 0 });
}

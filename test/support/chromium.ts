import { Browser, chromium } from 'playwright-core';

/** Debian's chromium (`apt-get install chromium`; .ci/run installs it). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Real headless Chromium driven by playwright-core. Playwright gives the browser a fresh
 * --user-data-dir of its own (a temporary profile, removed on close) and every newContext() is
 * an isolated profile: separate cookies, like two people on two machines.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

import { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { userWithKey } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';

/** Every request a page makes, and those that left loopback (refused, so that an offline machine behaves the same). */
async function offlinePage(context: BrowserContext): Promise<{ page: Page; requests: string[]; outside: string[] }> {
  const requests: string[] = [];
  const outside: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    requests.push(url);
    const { protocol, hostname } = new URL(url);
    const loopback = hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
    if (loopback || protocol === 'data:' || protocol === 'blob:') return route.continue();
    outside.push(url);
    return route.abort();
  });
  return { page: await context.newPage(), requests, outside };
}

describe('the pages a person opens in a browser work offline: index, GraphQL explorer, REST reference', () => {
  let stack: TestStack;
  let browser: Browser;
  let user: Awaited<ReturnType<typeof userWithKey>>;

  /** /docs renders the whole reference (seconds of the browser's CPU): it loads from the start, beside the other pages. */
  let docs: Promise<{ context: BrowserContext; page: Page; requests: string[]; outside: string[]; heading: Promise<void> }>;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchChromium()]);
    docs = (async () => {
      const context = await browser.newContext();
      const { page, requests, outside } = await offlinePage(context);
      await page.goto(`${stack.url}/docs`);
      const heading = page
        .getByRole('heading', { name: /Scheduling Service API/ })
        .first()
        .waitFor({ timeout: 90_000 });
      // Awaited by its case; a failure before then is that case's.
      heading.catch(() => undefined);
      return { context, page, requests, outside, heading };
    })();
    docs.catch(() => undefined);
    user = await userWithKey(stack, { name: 'Grace Explorer' });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('/ links the explorer, the REST reference, /health and /auth', async () => {
    const context = await browser.newContext();
    const { page, outside } = await offlinePage(context);
    await page.goto(`${stack.url}/`);
    const links = await page.locator('a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(links).toEqual(expect.arrayContaining(['/graphql', '/docs', '/v2/openapi.json', '/health', '/auth']));
    expect(outside).toEqual([]);
    await context.close();
  }, 60_000);

  it('/graphql in a browser is GraphiQL from local assets, and it runs a query with the Authorization header', async () => {
    const context = await browser.newContext();
    // GraphiQL keeps the headers editor in localStorage (shouldPersistHeaders): what a person types there.
    await context.addInitScript(
      (key) => (globalThis as any).localStorage.setItem('graphiql:headers', JSON.stringify({ Authorization: `Bearer ${key}` }, null, 2)),
      user.key,
    );
    const { page, requests, outside } = await offlinePage(context);
    await page.goto(`${stack.url}/graphql`);
    await page.locator('.graphiql-container').waitFor({ timeout: 30_000 });
    await page.locator('.graphiql-execute-button').click();
    await page.locator('.result-window').getByText(user.user.email).waitFor({ timeout: 30_000 });
    expect(requests.some((url) => url.endsWith('/assets/graphiql.js'))).toBe(true);
    expect(outside).toEqual([]);
    await context.close();
  }, 90_000);

  it('/docs is the REST reference (Redoc from local assets) over /v2/openapi.json', async () => {
    const { context, page, requests, outside, heading } = await docs;
    await heading;
    expect(await page.locator('[data-section-id]').count()).toBeGreaterThan(10);
    expect(requests.some((url) => url.endsWith('/v2/openapi.json'))).toBe(true);
    expect(outside).toEqual([]);
    await context.close();
  }, 90_000);
});

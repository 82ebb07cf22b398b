import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, cspViolations, launchBrowser, openPage, PHONE, visit } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the browser enforces the Content-Security-Policy', () => {
  it('an injected inline script does not run, and the refusal is seen', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await visit(page, '/');
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.head.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
    cspViolations.splice(0); // expected here: not a failure of this test
    await context.close();
  });

  it('another site cannot frame the app (clickjacking)', async () => {
    const { page, context } = await openPage(browser, PHONE);
    // A page of another origin (about:blank's opaque one) that frames the app.
    await page.setContent(`<iframe id="app" src="${baseUrl()}/" width="300" height="300"></iframe>`);
    const frame = await (await page.waitForSelector('#app')).contentFrame();
    await page.waitForTimeout(1_000);
    const framed = await frame?.evaluate(() => Boolean(document.querySelector('#root'))).catch(() => false);
    expect(framed ?? false).toBe(false);
    cspViolations.splice(0);
    await context.close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bem } from '../../web/src/i18n/locales/bem.js';
import { en } from '../../web/src/i18n/locales/en.js';
import { fr } from '../../web/src/i18n/locales/fr.js';
import { nya } from '../../web/src/i18n/locales/nya.js';
import { baseUrl, DESKTOP, launchBrowser, openPage, PHONE, visit } from './support/browser.js';
import { rawKeysSeen, watchForRawKeys } from './support/rawKeys.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The header's language menu button (its name is in the language on screen). */
const languageButton = (page: Page) => page.getByRole('banner').locator('.language-switcher__button').first();

const switchTo = async (page: import('playwright-core').Page, nativeName: string) => {
  await languageButton(page).click();
  await page.getByRole('menuitemradio', { name: nativeName }).click();
};

describe('languages', () => {
  it('says "Checking login…", never a translation key, while a signed-in screen’s sign-in texts are still on their way', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await watchForRawKeys(context);
    // The sign-in texts arrive late, as on a slow connection: the signed-in layout shows its pending screen meanwhile.
    await context.route(/\/assets\/auth\.en-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await route.continue();
    });
    await page.goto(`${baseUrl()}/payments`);
    await page.getByRole('status').getByText(en.app.checkingSignIn).waitFor();
    await page.locator('main').getByRole('heading', { name: en.auth.protected.authRequired }).waitFor();
    expect(await rawKeysSeen(page)).toEqual([]);
  });


  it('switches to Nyanja: translated screens, a toast, <html lang>, and it is remembered', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    await visit(page, '/');
    await switchTo(page, 'Chinyanja');
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(nya.home.hero.title);
    await expect(page.getByTestId('toast').textContent()).resolves.toContain('Chilankhulo chasinthidwa kukhala Chinyanja');
    // BCP 47 tag for Nyanja/Chichewa: the two-letter ISO 639-1 code.
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('ny');
    await expect(page.getByRole('link', { name: nya.nav.book, exact: true }).first().isVisible()).resolves.toBe(true);

    await visit(page, '/support');
    await expect(page.locator('h1').textContent()).resolves.toBe(nya.support.title);
    await page.reload();
    await page.locator('h1').waitFor();
    await expect(page.locator('h1').textContent()).resolves.toBe(nya.support.title);
    await languageButton(page).click();
    await expect(page.getByRole('menuitemradio', { name: 'Chinyanja' }).getAttribute('aria-checked')).resolves.toBe('true');
    await context.close();
  });

  it('switches to Bemba and shows the city page in Bemba', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    await visit(page, '/ndola');
    await switchTo(page, 'Ichibemba');
    await expect.poll(() => page.locator('#city-services-title').textContent()).toBe('Ifyo tubomba mu Ndola');
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('bem');
    await expect(page.title()).resolves.toBe(bem.meta.cityTitle.replace('{{city}}', 'Ndola'));
    await visit(page, '/accessibility');
    await expect(page.locator('h1').textContent()).resolves.toBe(bem.accessibility.title);
    await context.close();
  });

  it('starts in the browser’s language when nothing is stored (French), and Chichewa “ny” reads as Nyanja', async () => {
    const french = await openPage(browser, DESKTOP, 'fr-FR');
    await visit(french.page, '/');
    await expect(french.page.locator('h1').first().textContent()).resolves.toBe('Courses, colis et livraisons dans tout le Copperbelt');
    await french.context.close();
    const chichewa = await openPage(browser, DESKTOP, 'ny-MW');
    await visit(chichewa.page, '/');
    await expect(chichewa.page.locator('h1').first().textContent()).resolves.toBe(nya.home.hero.title);
    await chichewa.context.close();
  });

  it('loads a route’s own texts with the route, in the language on screen, and brings them along on a switch', async () => {
    const { page, context, scripts } = await openPage(browser, DESKTOP, 'fr-FR');
    const routeSectionChunks = () => scripts.filter((script) => /\/assets\/(auth|booking|tracking|driver|support)\.\w+-[\w-]+\.js$/.test(script));
    await visit(page, '/');
    expect(routeSectionChunks()).toEqual([]);

    await page.getByRole('banner').getByRole('link', { name: fr.nav.signIn }).first().click();
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(fr.auth.page.title);
    expect(routeSectionChunks().map((script) => /\/assets\/(\w+\.\w+)-/.exec(script)![1])).toEqual(['auth.fr']);

    await switchTo(page, 'Ichibemba');
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(bem.auth.page.title);
    await expect(page.getByRole('tab', { name: bem.auth.page.signUpTab }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('shows a route in English when its texts cannot be fetched in the language on screen, never the raw keys', async () => {
    const { page, context } = await openPage(browser, DESKTOP, 'fr-FR', { serviceWorkers: 'block' });
    await page.route(/\/assets\/auth\.fr-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
    await visit(page, '/auth');
    await expect(page.locator('h1').first().textContent()).resolves.toBe(en.auth.page.title);
    await expect(page.locator('body').innerText()).resolves.not.toMatch(/\bauth\.\w+\.\w+/);
    // The shared parts stay in French.
    await expect(page.getByRole('banner').getByRole('link', { name: fr.nav.book, exact: true }).first().isVisible()).resolves.toBe(true);
    await context.close();
  });
});

import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import { baseUrl, DESKTOP, horizontalOverflow, launchBrowser, openPage, PHONE, screenshot, visit } from './support/browser.js';
import { call, eventually, overflowingInMain, signInAdmin, signUp, type Party } from './support/parties.js';

/**
 * The support inbox (/admin/support) in a browser: a visitor writes through the support centre's
 * contact form, the demo admin finds the message in the inbox (it refreshes by itself), works it
 * from open to in progress to resolved with the keyboard and the mouse, and the counters follow.
 */
let browser: Browser;
const contexts: BrowserContext[] = [];
let admin: Party;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  const adminContext = await browser.newContext({ viewport: PHONE, locale: 'en-GB' });
  contexts.push(adminContext);
  admin = await signInAdmin(adminContext);
  page = await adminContext.newPage();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function expectAccessible(name: string) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(150);
    const violations = await seriousViolations(page);
    if (violations.length > 0) await screenshot(page, `admin-support-${name}-${viewport.width}`);
    expect(violations, `${name} at ${viewport.width} px`).toEqual([]);
    if (viewport === PHONE) {
      expect(await overflowingInMain(page), `${name} at 360 px`).toEqual([]);
      expect(await horizontalOverflow(page), `${name} at 360 px`).toBeLessThanOrEqual(0);
    }
  }
  await page.setViewportSize(PHONE);
}

const counter = async (id: 'open' | 'emergencies') => Number(await page.getByTestId(`counter-${id}`).locator('.admin-counter__value').innerText());
const counters = async () => ({ open: await counter('open'), emergencies: await counter('emergencies') });

/** The inbox's figures once they have loaded ('…' until then). */
async function loadedCounters() {
  await page.getByTestId('counter-open').locator('.admin-counter__value').filter({ hasText: /^\d+$/ }).waitFor();
  return counters();
}

/** The server's own record of the message, for what the screen must show of it. */
async function findMessage(subject: string) {
  const inbox = await eventually(() => call(admin, 'GET', '/api/admin/support'), (answer) => answer.messages.some((message: { subject: string }) => message.subject === subject));
  return inbox.messages.find((message: { subject: string }) => message.subject === subject) as { id: string; createdAt: string };
}

describe('the support inbox', () => {
  it('receives a visitor’s emergency, and the admin takes it from open to in progress to resolved', { timeout: 120_000 }, async () => {
    await page.goto(`${baseUrl()}/admin/support`);
    await page.getByRole('heading', { level: 1, name: 'Support inbox' }).waitFor();
    const before = await loadedCounters();

    // A visitor (nobody signed in) writes through the support centre's contact form.
    const visitor = await openPage(browser, PHONE);
    contexts.push(visitor.context);
    const subject = `Driver left me at the roadside ${randomUUID().slice(0, 6)}`;
    await visit(visitor.page, '/support?tab=contact');
    await visitor.page.getByLabel('Your name').fill('Mutinta Hachilala');
    await visitor.page.getByLabel('Email address').fill('mutinta@example.zm');
    await visitor.page.getByLabel('Subject').fill(subject);
    await visitor.page.getByLabel('Category').selectOption('safety_concerns');
    await visitor.page.getByLabel('Urgency').selectOption('emergency');
    await visitor.page.getByLabel('Message', { exact: true }).fill('The driver stopped on the Kitwe–Ndola road\nand told me to get out.');
    await visitor.page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => visitor.page.getByTestId('toast').textContent()).toContain('Message Sent');
    const sent = await findMessage(subject);

    // A signed-in rider's everyday question, sent later through the API: the emergency still comes first.
    const riderContext = await browser.newContext({ viewport: PHONE, locale: 'en-GB' });
    contexts.push(riderContext);
    const rider = await signUp(riderContext, 'passenger', 'Kondwani Asks');
    const question = `How do I pay with Airtel Money ${randomUUID().slice(0, 6)}`;
    await call(rider, 'POST', '/api/support/contact', { name: rider.fullName, email: rider.email, subject: question, category: 'payment_issues', message: 'Where do I enter my Airtel Money number?', urgency: 'low' });
    const asked = await findMessage(question);

    // The open inbox asks again every 30 s: both messages appear without a reload.
    const card = page.getByTestId(`support-message-${sent.id}`);
    const questionCard = page.getByTestId(`support-message-${asked.id}`);
    await card.waitFor({ timeout: 35_000 });
    await questionCard.waitFor({ timeout: 5_000 });
    const order = await page.locator('[data-testid^="support-message-"]').evaluateAll((cards) => cards.map((item) => item.getAttribute('data-testid')));
    expect(order.indexOf(`support-message-${sent.id}`)).toBeLessThan(order.indexOf(`support-message-${asked.id}`));
    expect(await counters()).toEqual({ open: before.open + 2, emergencies: before.emergencies + 1 });

    expect(await card.getAttribute('class')).toContain('admin-support__message--urgent');
    expect(await questionCard.getAttribute('class')).not.toContain('admin-support__message--urgent');
    await card.getByRole('heading', { name: subject }).waitFor();
    const text = await card.innerText();
    for (const shown of ['Urgency: Emergency', 'Mutinta Hachilala', 'mutinta@example.zm', '(Visitor)', 'Safety concerns', 'The driver stopped on the Kitwe–Ndola road\nand told me to get out.']) {
      expect(text).toContain(shown);
    }
    expect(await card.getByTestId('support-status').innerText()).toBe('Open');
    expect(await questionCard.innerText()).toContain('(Signed-in account)');
    // Received, in Lusaka's time (UTC+2) whatever the machine's zone.
    const received = card.locator('time');
    expect(await received.getAttribute('datetime')).toBe(sent.createdAt);
    const lusaka = new Date(sent.createdAt).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lusaka' });
    expect(await received.innerText()).toBe(lusaka);
    await expectAccessible('inbox');

    // With the keyboard: In progress. Focus stays on the button, now pressed; nothing is resolved yet.
    const statusButtons = card.getByRole('group', { name: `Change the status of “${subject}”` });
    const inProgress = statusButtons.getByRole('button', { name: 'In progress', exact: true });
    expect(await statusButtons.getByRole('button', { name: 'Open', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await inProgress.focus();
    await page.keyboard.press('Enter');
    await card.getByTestId('support-status').filter({ hasText: /^In progress$/ }).waitFor();
    await page.getByText(`Status of “${subject}” changed to In progress.`).waitFor({ state: 'attached' });
    expect(await inProgress.getAttribute('aria-pressed')).toBe('true');
    expect(await inProgress.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await counters()).toEqual({ open: before.open + 2, emergencies: before.emergencies + 1 });

    // Resolved: the emergency no longer counts, nor stands out.
    const resolve = statusButtons.getByRole('button', { name: 'Resolved', exact: true });
    await resolve.click();
    await card.getByTestId('support-status').filter({ hasText: /^Resolved$/ }).waitFor();
    // No longer an open emergency, it moves below the newer question; focus goes with its button.
    await expect.poll(() => resolve.evaluate((button) => button === document.activeElement)).toBe(true);
    await expect.poll(counters).toEqual({ open: before.open + 1, emergencies: before.emergencies });
    expect(await card.getAttribute('class')).not.toContain('admin-support__message--urgent');

    const log = await call(admin, 'GET', `/api/admin/audit-log?targetId=${sent.id}`);
    expect(log.entries.map((entry: { changes: unknown }) => entry.changes)).toEqual(
      expect.arrayContaining([{ status: { from: 'open', to: 'in_progress' } }, { status: { from: 'in_progress', to: 'resolved' } }]),
    );

    // The filters live in the URL and go to the API.
    await page.getByLabel('Status', { exact: true }).selectOption('resolved');
    await page.waitForURL(/status=resolved/);
    await questionCard.waitFor({ state: 'detached' });
    await card.waitFor();
    await page.getByLabel('Category', { exact: true }).selectOption('feedback');
    await page.getByText('No messages match these filters.').waitFor();
    await expectAccessible('inbox-empty');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await questionCard.waitFor();
  });

  it('is linked from the navigation and from the dashboard’s User Support action', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${baseUrl()}/admin`);
    const action = page.getByRole('link', { name: /^User Support/ });
    expect(await action.getAttribute('href')).toBe('/admin/support');
    await action.click();
    await page.waitForURL(/\/admin\/support$/);
    await page.getByRole('heading', { level: 1, name: 'Support inbox' }).waitFor();
    const navigation = page.locator('nav.admin-sidebar');
    expect(await navigation.getByRole('link', { name: 'Support' }).getAttribute('aria-current')).toBe('page');
    await page.setViewportSize(PHONE);
  });
});

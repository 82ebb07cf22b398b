import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, PHONE, visit } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the support centre', () => {
  it('switches tabs with the arrow keys and keeps one FAQ answer open at a time', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await visit(page, '/support');
    await page.getByRole('tab', { name: 'Overview' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Your trips' }).getAttribute('aria-selected')).resolves.toBe('true');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('trips');

    await page.getByRole('tab', { name: 'FAQ' }).click();
    const first = page.getByRole('button', { name: 'How do I book a ride?' });
    const second = page.getByRole('button', { name: 'What is the trip PIN?' });
    await first.click();
    await expect(first.getAttribute('aria-expanded')).resolves.toBe('true');
    await second.click();
    await expect(second.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(first.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.getByRole('region', { name: 'How do I book a ride?' }).count()).resolves.toBe(0);
    await context.close();
  });

  it('lists every problem in the contact form, then sends it and says so', async () => {
    const { page, context } = await openPage(browser, PHONE);
    let sent: unknown;
    await page.route('**/api/support/contact', async (route) => {
      sent = route.request().postDataJSON();
      await route.fulfill({ status: 201, contentType: 'application/json', body: '{"id":"m1"}' });
    });
    await visit(page, '/support?tab=contact');
    await page.getByRole('button', { name: 'Send message' }).click();
    for (const message of [
      'Name must be at least 2 characters',
      'Invalid email address',
      'Subject must be at least 5 characters',
      'Please select a category',
      'Message must be at least 10 characters',
    ]) {
      await expect(page.getByText(message).isVisible(), message).resolves.toBe(true);
    }
    await expect(page.getByLabel('Your name').evaluate((input) => input === document.activeElement)).resolves.toBe(true);

    await page.getByLabel('Your name').fill('Chanda Mwila');
    await page.getByLabel('Email address').fill('chanda@example.zm');
    await page.getByLabel('Subject').fill('Lost phone in a car');
    await page.getByLabel('Category').selectOption('other');
    await page.getByLabel('Urgency').selectOption('high');
    await page.getByLabel('Message', { exact: true }).fill('I left my phone in the car on Saturday night.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Message Sent');
    expect(sent).toEqual({ name: 'Chanda Mwila', email: 'chanda@example.zm', subject: 'Lost phone in a car', category: 'other', message: 'I left my phone in the car on Saturday night.', urgency: 'high' });
    await expect(page.getByLabel('Your name').inputValue()).resolves.toBe('');
    await context.close();
  });

  it('shows the server’s reason when sending fails', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await page.route('**/api/support/contact', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"The service is briefly unavailable; please try again.","code":"unavailable"}' }),
    );
    await visit(page, '/support?tab=contact');
    await page.getByLabel('Your name').fill('Chanda Mwila');
    await page.getByLabel('Email address').fill('chanda@example.zm');
    await page.getByLabel('Subject').fill('Lost phone in a car');
    await page.getByLabel('Category').selectOption('other');
    await page.getByLabel('Message', { exact: true }).fill('I left my phone in the car on Saturday night.');
    await page.getByRole('button', { name: 'Send message' }).click();
    const toast = page.getByTestId('toast');
    await expect.poll(() => toast.textContent()).toContain('Failed to Send Message');
    await expect(toast.textContent()).resolves.toContain('The service is briefly unavailable; please try again.');
    await expect(page.getByLabel('Your name').inputValue()).resolves.toBe('Chanda Mwila');
    await context.close();
  });
});

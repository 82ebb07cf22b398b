import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seriousViolations } from './support/axe.js';
import { baseUrl, DESKTOP, PHONE, screenshot, useBrowser } from './support/browser.js';
import { call, driverApplication, eventually, overflowingInMain, signInAdmin, signUp } from './support/parties.js';
import { executables, jpegWithGpsExif, pdfs, photo } from '../support/uploadFixtures.js';

/**
 * A driver who applied uploads a photo or PDF of their documents from the application screen (a
 * renamed program is refused in their language), and the admin reviewing them sees the files in
 * the verification dialog. axe and 360 px on both screens; the upload texts in every language.
 */
const { newContext } = useBrowser();
let folder: string;
beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'tiyende-docs-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const fileOf = (name: string, bytes: Buffer) => {
  const file = path.join(folder, name);
  writeFileSync(file, bytes);
  return file;
};

describe('driver documents', () => {
  it('a driver uploads photos and a PDF of their documents, a renamed program is refused, and the admin views them', async () => {
    const context = await newContext();
    const driver = await signUp(context, 'driver', 'Mwape Chisenga', '0977 410 552');
    const plate = `BCK ${driver.userId.slice(0, 4).toUpperCase()}`;
    await call(driver, 'POST', '/api/drivers/register', driverApplication('car', plate));
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/driver`);
    const uploads = page.getByTestId('document-uploads');
    await uploads.getByRole('heading', { name: 'Photos of your documents' }).waitFor();

    // A program renamed licence.jpg: refused, saying what to send instead.
    await uploads.getByTestId('upload-driving_licence').locator('input[type=file]').setInputFiles(fileOf('licence.jpg', executables.elf()));
    await uploads.getByTestId('upload-driving_licence').getByRole('alert').filter({ hasText: 'This file is not a photo or a PDF' }).waitFor();

    await uploads.getByTestId('upload-driving_licence').locator('input[type=file]').setInputFiles(fileOf('licence-photo.jpg', await jpegWithGpsExif()));
    await uploads.getByTestId('upload-driving_licence').getByText('Uploaded', { exact: true }).waitFor();
    expect(await uploads.getByTestId('upload-driving_licence').getByRole('alert').count()).toBe(0);
    await uploads.getByTestId('upload-nrc').locator('input[type=file]').setInputFiles(fileOf('nrc.pdf', await pdfs.plain()));
    await uploads.getByTestId('upload-nrc').getByText('Uploaded', { exact: true }).waitFor();
    await uploads.getByTestId('upload-vehicle_photo').locator('input[type=file]').setInputFiles(fileOf('car.png', await photo('png')));
    await uploads.getByTestId('upload-vehicle_photo').getByText('1 of 4 photos').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await overflowingInMain(page)).toEqual([]);
    await screenshot(page, 'driver-documents-360x740');

    const admin = await signInAdmin(await newContext());
    await eventually(
      () => call(admin, 'GET', `/api/drivers/${driver.userId}/documents`),
      (answer) => answer.files.length === 3,
    );
    const adminPage = await admin.context.newPage();
    await adminPage.setViewportSize(DESKTOP);
    await adminPage.goto(`${baseUrl()}/admin/drivers`);
    await adminPage.getByLabel('Search drivers').fill(plate);
    await adminPage.getByTestId(`driver-row-${driver.userId}`).getByRole('button', { name: /^Details/ }).click();
    const files = adminPage.getByTestId('document-files');
    await files.waitFor();
    await files.getByRole('img', { name: 'Driving licence' }).waitFor();
    await files.getByRole('link', { name: 'Open National registration card (NRC)' }).waitFor();
    // The photo really loads (served to the admin), and never from a cache.
    await expect.poll(() => files.getByRole('img', { name: 'Vehicle photo' }).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const href = await files.getByRole('link', { name: 'Open Driving licence' }).getAttribute('href');
    const served = await admin.api.get(`${baseUrl()}${href}`);
    expect(served.headers()['cache-control']).toBe('private, no-store');
    expect(served.headers()['content-disposition']).toMatch(/^attachment;/);
    expect(await seriousViolations(adminPage)).toEqual([]);

    // Nobody else reads it: another driver, or nobody signed in.
    const stranger = await signUp(await newContext(), 'driver', 'Another Driver');
    expect((await stranger.api.get(`${baseUrl()}${href}`)).status()).toBe(403);
    const anonymous = await newContext();
    expect((await anonymous.request.get(`${baseUrl()}${href}`)).status()).toBe(401);
  });

  it('a rider who took up driving uploads their documents on the same account, which still opens its rides', async () => {
    const context = await newContext();
    const rider = await signUp(context, 'passenger', 'Natasha Bwalya', '0966 410 553');
    await call(rider, 'POST', '/api/auth/roles', { role: 'driver' });
    await call(rider, 'POST', '/api/drivers/register', driverApplication('car', `BCR ${rider.userId.slice(0, 4).toUpperCase()}`));
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(`${baseUrl()}/driver`);
    const uploads = page.getByTestId('document-uploads');
    await uploads.getByRole('heading', { name: 'Photos of your documents' }).waitFor();
    await uploads.getByTestId('upload-driving_licence').locator('input[type=file]').setInputFiles(fileOf('two-roles-licence.jpg', await photo('jpeg')));
    await uploads.getByTestId('upload-driving_licence').getByText('Uploaded', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await overflowingInMain(page)).toEqual([]);
    // The file is filed under the same account, as a driver's.
    const documents = await call(rider, 'GET', `/api/drivers/${rider.userId}/documents`);
    expect(documents.files.map((file: { kind: string }) => file.kind)).toEqual(['driving_licence']);
    // And the account still rides: its rides list answers, and My rides opens.
    expect((await call(rider, 'GET', '/api/rides/mine')).rides).toEqual([]);
    await page.goto(`${baseUrl()}/rides`);
    await page.getByRole('heading', { name: 'My rides', level: 1 }).waitFor();
  });

  it('fits a phone at 360 px in every language', async () => {
    const context = await newContext();
    const driver = await signUp(context, 'driver', 'Chipo Mumba');
    await call(driver, 'POST', '/api/drivers/register', driverApplication('car', `BAN ${driver.userId.slice(0, 4).toUpperCase()}`));
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    for (const language of ['fr', 'pt', 'sw', 'zh', 'nya', 'bem', 'en']) {
      await call(driver, 'PATCH', '/api/auth/preferences', { preferredLanguage: language });
      await page.goto(`${baseUrl()}/driver`);
      await page.getByTestId('document-uploads').waitFor();
      // The account's language is applied once the session is known.
      if (language !== 'en') await expect.poll(() => page.locator('#document-uploads-title').innerText(), { timeout: 10_000 }).not.toBe('Photos of your documents');
      expect(await overflowingInMain(page), language).toEqual([]);
    }
  });
});

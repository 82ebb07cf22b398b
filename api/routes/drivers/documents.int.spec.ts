import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '../../../platform/documents/index.js';
import type { SignedIn } from '../../../tests/support/accounts.js';
import { startApiTestBed, type ApiTestBed } from '../../../tests/support/apiTestBed.js';
import { driverApplication, settled } from '../../../tests/support/fixtures/apiDrivers.js';
import { executables, gpsTagsOf, jpegWithGpsExif, pdfs, photo } from '../../../tests/support/uploadFixtures.js';

let bed: ApiTestBed;
let driver: SignedIn;
let other: SignedIn;
let passenger: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  bed = await startApiTestBed();
  [driver, other, passenger, admin] = await Promise.all([bed.signIn('driver'), bed.signIn('driver'), bed.signIn('passenger'), bed.signIn('admin')]);
  for (const [who, plate] of [
    [driver, 'BAF 1001'],
    [other, 'BAF 1002'],
  ] as const) {
    const applied = await bed.app.inject({ method: 'POST', url: '/api/drivers/register', headers: who.headers, payload: driverApplication('car', plate) });
    expect(applied.statusCode, applied.body).toBe(201);
  }
}, 60_000);
afterAll(() => bed?.close());

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
function multipart(bytes: Buffer, { field = 'file', filename = 'document.jpg', type = 'image/jpeg' } = {}) {
  const boundary = `----tiyende${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (who: SignedIn, kind: string, bytes: Buffer, options?: Parameters<typeof multipart>[1], driverId = who.user.id) => {
  const body = multipart(bytes, options);
  return bed.app.inject({ method: 'POST', url: `/api/drivers/${driverId}/documents/${kind}`, headers: { ...who.headers, ...body.headers }, payload: body.payload });
};

/** How many objects the document store holds. */
async function storedCount(): Promise<number> {
  let count = 0;
  for await (const _object of bed.documents.list('documents/')) count += 1;
  return count;
}

describe('driver document uploads', () => {
  it('stores a GPS-tagged photo of the licence without its metadata, records it, and gives it back to the driver and admins only', async () => {
    const original = await jpegWithGpsExif();
    expect(gpsTagsOf(original).length).toBeGreaterThan(0);
    const uploaded = await upload(driver, 'driving_licence', original, { filename: 'licence.jpg' });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { file } = uploaded.json();
    expect(file).toMatchObject({ kind: 'driving_licence', contentType: 'image/jpeg', href: `/api/drivers/${driver.user.id}/documents/files/${file.fileId}` });

    await settled(bed);
    const listed = await bed.app.inject({ method: 'GET', url: `/api/drivers/${driver.user.id}/documents`, headers: admin.headers });
    expect(listed.json().files.map((entry: { fileId: string }) => entry.fileId)).toEqual([file.fileId]);

    for (const reader of [driver, admin]) {
      const download = await bed.app.inject({ method: 'GET', url: file.href, headers: reader.headers });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('image/jpeg');
      expect(download.headers['cache-control']).toBe('private, no-store');
      expect(download.headers['content-disposition']).toMatch(/^attachment; filename="driving_licence-[0-9a-f]{8}\.jpg"$/);
      expect(gpsTagsOf(download.rawPayload)).toEqual([]);
    }
    for (const stranger of [other, passenger]) {
      expect((await bed.app.inject({ method: 'GET', url: file.href, headers: stranger.headers })).statusCode).toBe(403);
      expect((await bed.app.inject({ method: 'GET', url: `/api/drivers/${driver.user.id}/documents`, headers: stranger.headers })).statusCode).toBe(403);
    }
    expect((await bed.app.inject({ method: 'GET', url: file.href })).statusCode).toBe(401);
  });

  it('keeps the latest file of a document: a re-upload replaces it in the list', async () => {
    const first = (await upload(driver, 'nrc', await photo('png'), { filename: 'nrc.png', type: 'image/png' })).json().file;
    const second = (await upload(driver, 'nrc', await pdfs.plain(), { filename: 'nrc.pdf', type: 'application/pdf' })).json().file;
    await settled(bed);
    const files = (await bed.app.inject({ method: 'GET', url: `/api/drivers/${driver.user.id}/documents`, headers: driver.headers })).json().files;
    const nrc = files.filter((entry: { kind: string }) => entry.kind === 'nrc');
    expect(nrc).toEqual([expect.objectContaining({ fileId: second.fileId, contentType: 'application/pdf' })]);
    expect(second.fileId).not.toBe(first.fileId);
    expect((await bed.app.inject({ method: 'GET', url: first.href, headers: driver.headers })).statusCode).toBe(404);
  });

  it.each([
    ['a text file named like a photo', () => Buffer.from('just some words, not a picture at all\n'.repeat(20)), 'licence.jpg', 'image/jpeg', 415],
    ['an executable renamed .pdf', async () => executables.elf(), 'police.pdf', 'application/pdf', 415],
    ['a Windows program renamed .jpg', async () => executables.windowsPe(), 'nrc.jpg', 'image/jpeg', 415],
    ['a PDF carrying JavaScript', () => pdfs.withDocumentJavaScript(), 'clearance.pdf', 'application/pdf', 400],
    ['an empty file', () => Buffer.alloc(0), 'empty.jpg', 'image/jpeg', 400],
  ])('refuses %s with a 4xx naming the file field, and stores nothing', async (_what, make, filename, type, status) => {
    const before = await storedCount();
    const refused = await upload(driver, 'police_clearance', await make(), { filename, type });
    expect(refused.statusCode, refused.body).toBe(status);
    expect(refused.json()).toMatchObject({ code: 'upload_rejected', issues: [expect.objectContaining({ field: 'file' })] });
    expect(await storedCount()).toBe(before);
  });

  it('refuses a file over the size limit with 413, storing nothing', async () => {
    const before = await storedCount();
    const jpeg = await photo('jpeg');
    const oversize = Buffer.concat([jpeg, Buffer.alloc(MAX_DOCUMENT_BYTES + 1024 - jpeg.length, 0x20)]);
    const refused = await upload(driver, 'psv_road_service_licence', oversize);
    expect(refused.statusCode, refused.body.slice(0, 300)).toBe(413);
    expect(refused.json()).toMatchObject({ code: 'upload_rejected', reason: 'too_large', issues: [{ field: 'file' }] });
    expect(await storedCount()).toBe(before);
  });

  it('refuses an upload for someone else, by a passenger, for an unknown kind, without a file part, or before applying — storing nothing', async () => {
    const before = await storedCount();
    const jpeg = await photo('jpeg');
    expect((await upload(other, 'nrc', jpeg, {}, driver.user.id)).statusCode).toBe(403);
    expect((await upload(passenger, 'nrc', jpeg)).statusCode).toBe(403);
    const unknownKind = await upload(driver, 'selfie', jpeg);
    expect(unknownKind.statusCode).toBe(400);
    expect(unknownKind.body).toContain('kind');
    const wrongField = await upload(driver, 'nrc', jpeg, { field: 'photo' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().issues[0].field).toBe('file');
    const notMultipart = await bed.app.inject({ method: 'POST', url: `/api/drivers/${driver.user.id}/documents/nrc`, headers: driver.headers, payload: { file: 'x' } });
    expect(notMultipart.statusCode).toBe(400);
    const newcomer = await bed.signIn('driver');
    const early = await upload(newcomer, 'nrc', jpeg);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/has not applied/);
    expect(await storedCount()).toBe(before);
  });
});

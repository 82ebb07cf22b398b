import { Readable } from 'node:stream';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  executables,
  ftyp,
  gpsTagsOf,
  jpegWithGpsExif,
  oggOpusHeader,
  pdfs,
  photo,
  pngWithXmpAndIcc,
  webmHeader,
  webpWithExif,
} from '../../../tests/support/uploadFixtures.js';
import { checkDocumentUpload, checkRecordingUpload } from './checkUpload.js';
import { MAX_DOCUMENT_BYTES, RECORDING_BYTES_PER_MINUTE } from './limits.js';
import { UploadRejectedError } from './uploadRejected.js';

const field = 'licencePhoto';
const asUpload = (bytes: Buffer, chunkBytes = 16 * 1024) =>
  Readable.from(Array.from({ length: Math.ceil(bytes.length / chunkBytes) }, (_, index) => bytes.subarray(index * chunkBytes, (index + 1) * chunkBytes)));

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(UploadRejectedError);
  return error as UploadRejectedError;
};

/** A body that keeps coming (each chunk counted), as a sender that ignores any limit would send it. */
function endless(first: Buffer, chunkBytes: number) {
  const counter = { chunksRead: 0 };
  const body = Readable.from(
    (async function* () {
      for (;;) {
        counter.chunksRead++;
        yield counter.chunksRead === 1 ? Buffer.concat([first, Buffer.alloc(chunkBytes - first.length)]) : Buffer.alloc(chunkBytes, 7);
      }
    })(),
  );
  return { body, counter };
}

describe('a driver document upload', () => {
  it('strips EXIF with its GPS position, camera and owner from a JPEG, turning the pixels the way EXIF said', async () => {
    const original = await jpegWithGpsExif();
    expect(gpsTagsOf(original).length).toBeGreaterThan(0);

    const checked = await checkDocumentUpload(asUpload(original), { field });
    expect(checked.contentType).toBe('image/jpeg');
    expect(gpsTagsOf(checked.bytes)).toEqual([]);
    const metadata = await sharp(checked.bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(checked.bytes.includes(Buffer.from('Chanda Mulenga'))).toBe(false);
    // Orientation 6 applied: 64×48 stored sideways becomes 48×64, the red half now on top.
    expect([metadata.width, metadata.height]).toEqual([48, 64]);
    const { data } = await sharp(checked.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);
  });

  it('strips XMP and the ICC profile from a PNG, and EXIF from a WebP', async () => {
    const png = await checkDocumentUpload(asUpload(await pngWithXmpAndIcc()), { field });
    expect(png.contentType).toBe('image/png');
    const pngMetadata = await sharp(png.bytes).metadata();
    expect(pngMetadata.xmp).toBeUndefined();
    expect(pngMetadata.icc).toBeUndefined();

    const webp = await checkDocumentUpload(asUpload(await webpWithExif()), { field });
    expect(webp.contentType).toBe('image/webp');
    expect((await sharp(webp.bytes).metadata()).exif).toBeUndefined();
  });

  it('accepts a plain PDF as it was sent', async () => {
    const pdf = await pdfs.plain();
    const checked = await checkDocumentUpload(asUpload(pdf), { field });
    expect(checked.contentType).toBe('application/pdf');
    expect(checked.bytes.equals(pdf)).toBe(true);
  });

  it('inspects PDFs one after another and side by side alike', async () => {
    const findings = await Promise.all([pdfs.plain, pdfs.withLaunchLink, pdfs.plain, pdfs.withDocumentJavaScript].map(async (make) => checkDocumentUpload(asUpload(await make()), { field }).then(() => 'accepted', (error: UploadRejectedError) => error.reason)));
    expect(findings).toEqual(['accepted', 'active_content', 'accepted', 'active_content']);
  });

  it.each([
    ['document-level JavaScript', pdfs.withDocumentJavaScript, /JavaScript/],
    ['JavaScript run on opening', pdfs.withOpenActionJavaScript, /JavaScript/],
    ['an embedded file', pdfs.withEmbeddedFile, /embedded files/],
    ['a link that launches a program', pdfs.withLaunchLink, /program or file/],
  ])('refuses a PDF with %s', async (_what, make, detail) => {
    const error = await refusal(checkDocumentUpload(asUpload(await make()), { field }));
    expect(error.reason).toBe('active_content');
    expect(error.message).toMatch(detail);
    expect(error.statusCode).toBe(400);
  });

  it.each(Object.entries(executables))('refuses a renamed %s, naming the field and what it accepts', async (_what, make) => {
    const error = await refusal(checkDocumentUpload(asUpload(make()), { field }));
    expect(error.reason).toBe('unsupported_type');
    expect(error.statusCode).toBe(415);
    expect(error.field).toBe(field);
    expect(error.message).toMatch(/^licencePhoto: .*Accepted: JPEG, PNG or WebP photo, PDF, up to 10 MB\.$/);
  });

  it('says that HEIC cannot be read, and an empty file is refused as empty', async () => {
    const heic = await refusal(checkDocumentUpload(asUpload(ftyp('heic')), { field }));
    expect(heic.message).toMatch(/HEIC photos cannot be read here/);
    const empty = await refusal(checkDocumentUpload(Readable.from([]), { field }));
    expect(empty.reason).toBe('empty');
  });

  it('refuses an oversize body while it streams, reading no more than the limit and a chunk', async () => {
    const chunkBytes = 256 * 1024;
    const { body, counter } = endless(await photo('jpeg'), chunkBytes);
    const error = await refusal(checkDocumentUpload(body, { field }));
    expect(error.reason).toBe('too_large');
    expect(error.statusCode).toBe(413);
    expect(counter.chunksRead).toBeLessThanOrEqual(Math.ceil(MAX_DOCUMENT_BYTES / chunkBytes) + 2);
    expect(body.destroyed).toBe(true);
  });

  it('refuses a wrong type from its first bytes without reading the rest', async () => {
    const { body, counter } = endless(executables.elf(), 64 * 1024);
    expect((await refusal(checkDocumentUpload(body, { field }))).reason).toBe('unsupported_type');
    expect(counter.chunksRead).toBeLessThanOrEqual(2);
  });

  it('refuses an image that decodes to more pixels than allowed (a decompression bomb)', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: { r: 0, g: 0, b: 0 } } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(MAX_DOCUMENT_BYTES);
    expect((await refusal(checkDocumentUpload(asUpload(bomb), { field }))).reason).toBe('unreadable');
  });
});

describe('a ride recording upload', () => {
  const recordingField = 'recording';

  it.each([
    ['WebM (Chrome, Firefox)', webmHeader, 'audio/webm'],
    ['Ogg Opus (Firefox)', oggOpusHeader, 'audio/ogg'],
    ['MP4 audio (Safari)', () => ftyp('M4A '), 'audio/mp4'],
    ['MP4 (Safari, iso brand)', () => ftyp('iso5'), 'audio/mp4'],
  ])('accepts %s by its content, passing the bytes through unchanged', async (_what, make, contentType) => {
    const bytes = make();
    const checked = await checkRecordingUpload(asUpload(bytes, 100), { field: recordingField, rideMinutes: 12 });
    expect(checked.contentType).toBe(contentType);
    expect(checked.limitBytes).toBe(12 * RECORDING_BYTES_PER_MINUTE);
    const chunks: Buffer[] = [];
    for await (const chunk of checked.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });

  it('refuses photos, documents and programs sent as a recording', async () => {
    for (const bytes of [await photo('jpeg'), await pdfs.plain(), executables.elf()]) {
      const error = await refusal(checkRecordingUpload(asUpload(bytes), { field: recordingField, rideMinutes: 5 }));
      expect(error.reason).toBe('unsupported_type');
      expect(error.message).toMatch(/^recording: .*Accepted: WebM or Ogg audio \(Opus\), MP4 audio \(AAC\), up to 7.5 MB\.$/);
    }
  });

  it('fails the stream the moment a recording passes its per-minute bound, holding none of it', async () => {
    const { body, counter } = endless(webmHeader(), 100_000);
    const checked = await checkRecordingUpload(body, { field: recordingField, rideMinutes: 2 });
    let received = 0;
    const error = await (async () => {
      for await (const chunk of checked.body) received += (chunk as Buffer).length;
    })().then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(UploadRejectedError);
    expect((error as UploadRejectedError).reason).toBe('too_large');
    expect(received).toBeLessThanOrEqual(2 * RECORDING_BYTES_PER_MINUTE);
    // Node's streams read a bounded number of chunks ahead (16 in object mode); then reading stops.
    expect(counter.chunksRead).toBeLessThanOrEqual(Math.ceil((2 * RECORDING_BYTES_PER_MINUTE) / 100_000) + 17);
    expect(body.destroyed).toBe(true);
  });
});

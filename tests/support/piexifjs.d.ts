/** The part of piexifjs (no types of its own) the upload tests use to write EXIF into a JPEG. */
declare module 'piexifjs' {
  type IfdValues = Record<number, unknown>;
  export interface ExifDictionary {
    '0th'?: IfdValues;
    Exif?: IfdValues;
    GPS?: IfdValues;
    '1st'?: IfdValues;
    thumbnail?: string | null;
  }
  const piexif: {
    /** EXIF as a binary string (one character per byte). */
    dump(exif: ExifDictionary): string;
    /** The JPEG (binary string) with that EXIF inserted. */
    insert(exif: string, jpeg: string): string;
    load(jpeg: string): Required<Omit<ExifDictionary, 'thumbnail'>>;
    ImageIFD: Record<string, number>;
    GPSIFD: Record<string, number>;
  };
  export default piexif;
}

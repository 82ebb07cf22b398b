import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PDF_INSPECTION_TIMEOUT_MS } from './limits.js';

export type PdfFinding =
  | { ok: true }
  | { ok: false; reason: 'unreadable'; detail: string }
  | { ok: false; reason: 'active_content'; detail: string };

const FILE_ATTACHMENT_ANNOTATION = 17;
/** Links a document may carry; a Launch or GoToR action shows up as any other target (a program, a file). */
const HARMLESS_LINK = /^(https?:|mailto:)/i;

interface AnnotationData {
  annotationType?: number;
  attachment?: unknown;
  actions?: Record<string, unknown> | null;
  unsafeUrl?: string;
}

/**
 * Mozilla's PDF.js parses the file (object streams and compressed objects included, which a scan
 * of the raw bytes would miss) and reports what a reader could run or open: document-level and
 * form-field JavaScript, page and annotation actions, embedded files and file-attachment
 * annotations, XFA forms (scripted), and links to anything but a web page or e-mail address.
 * A scanned licence needs none of them, so any one refuses the file. A file PDF.js cannot open
 * (broken, password-protected, or taking longer than the time allowed) is refused as unreadable.
 */
export async function inspectPdf(bytes: Buffer): Promise<PdfFinding> {
  const task = getDocument({
    // PDF.js takes ownership of (and detaches) the buffer it is given: hand it a copy.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    verbosity: VerbosityLevel.ERRORS,
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<PdfFinding>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, reason: 'unreadable', detail: 'it took too long to read' }), PDF_INSPECTION_TIMEOUT_MS);
  });
  try {
    return await Promise.race([inspect(task.promise), timeout]);
  } catch (error) {
    const detail = (error as Error).name === 'PasswordException' ? 'it is protected by a password' : 'it could not be read as a PDF';
    return { ok: false, reason: 'unreadable', detail };
  } finally {
    clearTimeout(timer);
    await task.destroy().catch(() => undefined);
  }
}

async function inspect(opening: ReturnType<typeof getDocument>['promise']): Promise<PdfFinding> {
  const pdf = await opening;
  const active = (detail: string): PdfFinding => ({ ok: false, reason: 'active_content', detail });
  if (await pdf.hasJSActions()) return active('it contains JavaScript');
  const attachments = await pdf.getAttachments();
  if (attachments && Object.keys(attachments).length > 0) return active('it contains embedded files');
  const { info } = (await pdf.getMetadata()) as { info?: { IsXFAPresent?: boolean } };
  if (info?.IsXFAPresent) return active('it contains an XFA form');
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const pageActions = await page.getJSActions();
    if (pageActions && Object.keys(pageActions).length > 0) return active('it contains JavaScript');
    for (const annotation of (await page.getAnnotations()) as AnnotationData[]) {
      if (annotation.annotationType === FILE_ATTACHMENT_ANNOTATION || annotation.attachment) return active('it contains embedded files');
      if (annotation.actions && Object.keys(annotation.actions).length > 0) return active('it contains JavaScript');
      if (annotation.unsafeUrl && !HARMLESS_LINK.test(annotation.unsafeUrl)) return active('it links to a program or file');
    }
    page.cleanup();
  }
  return { ok: true };
}

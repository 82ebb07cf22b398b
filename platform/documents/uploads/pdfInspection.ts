/**
 * The PDF inspection itself. It runs on its own thread (see pdf.ts), never on the server's: PDF.js's
 * legacy build replaces built-ins such as `Array.prototype.push` and `JSON.stringify` with core-js
 * polyfills in the realm that loads it, which slowed every query, fold and reply of the process
 * that had it; and an untrusted file's parse must not hold the event loop.
 */
import { parentPort } from 'node:worker_threads';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PdfFinding, PdfInspectionRequest } from './pdf.js';

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
async function inspectPdf(bytes: Uint8Array): Promise<PdfFinding> {
  const task = getDocument({
    // PDF.js takes ownership of (and detaches) the buffer it is given: this thread's own copy.
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    return await inspect(task.promise);
  } catch (error) {
    const detail = (error as Error).name === 'PasswordException' ? 'it is protected by a password' : 'it could not be read as a PDF';
    return { ok: false, reason: 'unreadable', detail };
  } finally {
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

parentPort?.on('message', (request: PdfInspectionRequest) => {
  void inspectPdf(request.bytes).then((finding) => parentPort?.postMessage({ id: request.id, finding }));
});

import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PDF_INSPECTION_TIMEOUT_MS } from './limits.js';

export type PdfFinding =
  | { ok: true }
  | { ok: false; reason: 'unreadable'; detail: string }
  | { ok: false; reason: 'active_content'; detail: string };

/** What the inspection thread is asked, and answers. */
export interface PdfInspectionRequest {
  id: number;
  bytes: Uint8Array;
}
interface PdfInspectionAnswer {
  id: number;
  finding: PdfFinding;
}

/**
 * Whether this module runs from its TypeScript source (node through tsx, vitest) or from a bundle
 * that put pdfInspection.mjs beside it (the fault suite's build of the server).
 */
const fromSource = import.meta.url.endsWith('.ts');
const INSPECTION_ENTRY = new URL(fromSource ? './pdfInspection.ts' : './pdfInspection.mjs', import.meta.url);

const tookTooLong: PdfFinding = { ok: false, reason: 'unreadable', detail: 'it took too long to read' };
const couldNotRead: PdfFinding = { ok: false, reason: 'unreadable', detail: 'it could not be read as a PDF' };

/**
 * Inspects a PDF for active content (pdfInspection.ts says what refuses a file) on a thread of its
 * own: the PDF.js build that runs on node replaces built-ins of the realm that loads it with slower
 * polyfills, and a hostile file's parse must not stall the server. One inspection at a time (an
 * upload is rare); a thread that does not answer in time is stopped, not waited for, and the next
 * inspection starts a fresh one.
 */
export function inspectPdf(bytes: Buffer): Promise<PdfFinding> {
  const turn = queue.then(() => inspector.inspect(bytes));
  queue = turn.then(
    () => undefined,
    () => undefined,
  );
  return turn;
}

class PdfInspector {
  private thread: Worker | undefined;
  private nextId = 1;

  async inspect(bytes: Buffer): Promise<PdfFinding> {
    const thread = this.thread ?? this.start();
    const id = this.nextId++;
    // The thread takes its own copy: PDF.js detaches the buffer it is given.
    const copy = new Uint8Array(bytes);
    return new Promise<PdfFinding>((resolve) => {
      const finish = (finding: PdfFinding, stop: boolean) => {
        clearTimeout(timer);
        thread.off('message', onMessage);
        thread.off('exit', onExit);
        if (stop) this.stop(thread);
        resolve(finding);
      };
      const onMessage = (answer: PdfInspectionAnswer) => answer.id === id && finish(answer.finding, false);
      const onExit = () => finish(couldNotRead, true);
      const timer = setTimeout(() => finish(tookTooLong, true), PDF_INSPECTION_TIMEOUT_MS);
      thread.on('message', onMessage);
      thread.on('exit', onExit);
      thread.postMessage({ id, bytes: copy } satisfies PdfInspectionRequest, [copy.buffer]);
    });
  }

  private start(): Worker {
    const thread = fromSource
      ? // From source the thread must load TypeScript as its parent does: tsx, registered on that thread.
        new Worker(`import(${JSON.stringify(tsxApi())}).then(({ register }) => { register(); return import(${JSON.stringify(INSPECTION_ENTRY.href)}); })`, { eval: true })
      : new Worker(INSPECTION_ENTRY);
    thread.on('error', () => this.stop(thread));
    // An idle inspector never keeps the process alive.
    thread.unref();
    this.thread = thread;
    return thread;
  }

  private stop(thread: Worker) {
    if (this.thread === thread) this.thread = undefined;
    void thread.terminate();
  }
}

/** tsx's ESM registration API (its `import` export: the `require` one registers CommonJS only). */
function tsxApi(): string {
  const commonJs = createRequire(import.meta.url).resolve('tsx/esm/api');
  return pathToFileURL(commonJs.replace(/\.cjs$/, '.mjs')).href;
}

const inspector = new PdfInspector();
let queue: Promise<unknown> = Promise.resolve();

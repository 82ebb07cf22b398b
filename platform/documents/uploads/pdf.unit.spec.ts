import { describe, expect, it } from 'vitest';
import { pdfs } from '../../../tests/support/uploadFixtures.js';

// Taken before anything here loads the inspection (imported below, once these are held): PDF.js's
// node build swaps such built-ins for core-js code, made to print as native, in the realm that loads it.
const builtIns = { push: Array.prototype.push, stringify: JSON.stringify, parse: JSON.parse, promiseThen: Promise.prototype.then };

describe('PDF inspection', () => {
  it("leaves the server's built-ins as they were: PDF.js runs on a thread of its own", async () => {
    const { inspectPdf } = await import('./pdf.js');
    expect(await inspectPdf(await pdfs.plain())).toEqual({ ok: true });
    expect(await inspectPdf(await pdfs.withDocumentJavaScript())).toMatchObject({ ok: false, reason: 'active_content' });
    expect({ push: Array.prototype.push, stringify: JSON.stringify, parse: JSON.parse, promiseThen: Promise.prototype.then }).toEqual(builtIns);
  });

  it('answers bytes that are no PDF as unreadable, and the next file is read as usual', async () => {
    const { inspectPdf } = await import('./pdf.js');
    expect(await inspectPdf(Buffer.from('%PDF-1.7\nthis is not a document'))).toMatchObject({ ok: false, reason: 'unreadable' });
    expect(await inspectPdf(await pdfs.withLaunchLink())).toMatchObject({ ok: false, reason: 'active_content' });
  });
});

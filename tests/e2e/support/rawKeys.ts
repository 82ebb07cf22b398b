import type { BrowserContext, Page } from 'playwright-core';
import { en } from '../../../web/src/i18n/locales/en.js';

/**
 * Catches a translation key shown instead of its text ("auth.page.title"), even for a moment: a
 * route rendered before its section loaded would flash one. The page records every text node
 * that is added or changed and looks like a key of one of our top-level sections.
 */
const sections = Object.keys(en).join('|');

export async function watchForRawKeys(context: BrowserContext): Promise<void> {
  await context.addInitScript((pattern: string) => {
    const looksLikeKey = new RegExp(pattern);
    const seen: string[] = [];
    (window as unknown as { rawKeysSeen: string[] }).rawKeysSeen = seen;
    const check = (node: Node) => {
      const text = node.nodeType === Node.TEXT_NODE ? node.textContent : node instanceof Element ? (node as HTMLElement).innerText ?? node.textContent : null;
      const found = text ? looksLikeKey.exec(text) : null;
      if (found) seen.push(found[0]);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'characterData') check(record.target);
        record.addedNodes.forEach(check);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, `(?:^|\\s)(?:${sections})\\.[a-z]\\w*(?:\\.\\w+)*(?![\\w.@-])`);
}

/** The keys the page has shown since it loaded (an empty list is what we want). */
export const rawKeysSeen = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { rawKeysSeen?: string[] }).rawKeysSeen ?? []);

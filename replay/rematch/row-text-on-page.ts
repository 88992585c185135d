import type { Page } from 'playwright';
import { inPage } from '../../core/in-page.ts';

/**
 * Whether a row's recorded text is still anywhere on the page (every frame, open shadow roots
 * included), as whole words after the normalisation of `normalizeText`. When it is not, the row
 * was renamed or removed, and scoring treats another row's text accordingly (see scoring.ts).
 * A frame that cannot be read counts as holding the text, so the answer errs towards refusing.
 */
export async function rowTextOnPage(page: Page, text: string): Promise<boolean> {
  for (const frame of page.frames()) {
    if (frame.isDetached()) continue;
    const found = await frame.evaluate(kHasText, text).catch(() => true);
    if (found) return true;
  }
  return false;
}

/**
 * Of `words` (normalised, see `wordsOf`), those that are nowhere on the page as whole words, in any
 * frame: a caption the page reworded as a whole is gone everywhere. A frame that cannot be read
 * counts as holding every word, so the answer errs towards refusing.
 */
export async function wordsNotOnPage(page: Page, words: string[]): Promise<Set<string>> {
  let absent = new Set(words);
  for (const frame of page.frames()) {
    if (!absent.size) break;
    if (frame.isDetached()) continue;
    const missing = await frame.evaluate(kMissingWords, [...absent]).catch(() => [] as string[]);
    absent = new Set(missing);
  }
  return absent;
}

/** Runs in the page: the page's text as normalised words between spaces (see `inPageHasText`). */
function inPageMissingWords(words: string[]): string[] {
  const normalize = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  const parts: string[] = [];
  const skip = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT']);
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) parts.push(node.nodeValue ?? '');
    if (node instanceof Element) {
      if (skip.has(node.tagName)) return;
      if (node.shadowRoot) walk(node.shadowRoot);
    }
    for (let child = node.firstChild; child; child = child.nextSibling) walk(child);
  };
  if (document.body) walk(document.body);
  const text = ` ${normalize(parts.join(' '))} `;
  return words.filter((w) => !text.includes(` ${w} `));
}

const kMissingWords = inPage(inPageMissingWords);

/** Runs in the page: its own copy of the text normalisation (nothing can be imported there). */
function inPageHasText(wanted: string): boolean {
  const normalize = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  const target = normalize(wanted);
  if (!target) return true;
  const parts: string[] = [];
  const skip = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT']);
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) parts.push(node.nodeValue ?? '');
    if (node instanceof Element) {
      if (skip.has(node.tagName)) return;
      if (node.shadowRoot) walk(node.shadowRoot);
    }
    for (let child = node.firstChild; child; child = child.nextSibling) walk(child);
  };
  if (document.body) walk(document.body);
  return ` ${normalize(parts.join(' '))} `.includes(` ${target} `);
}

const kHasText = inPage(inPageHasText);

import { describe } from './describe.ts';
import { healState } from './heal-state.ts';

/**
 * Runs in the page (an init script, after mutate.ts's): the element an assertion of the reference
 * run checked (named by the describer's key, describe.ts) keeps its tag, id, test id, classes and
 * place, and shows other text: a count goes up by one ("3 items" -> "4 items"), any other text
 * becomes a status it did not say ("Welcome" -> "Payment failed"). What the test expects of it no
 * longer holds, so no patch may make the test pass. The original text is kept in the heal state,
 * so the describer (and the oracle's stamps) still name the element by what it was.
 */

export interface RetextConfig {
  /** The reference run's key of the element the assertion checked (FoundElement.key). */
  key: string;
}

// Statuses an app could show instead; one no element of the corpus says is picked per key.
const kOtherTexts = ['Payment failed', 'Access denied', 'Nothing found', 'Try again later', 'Out of stock', 'Session expired'];

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** What the element shows instead of `text`: each number one up, else another status. */
export function otherText(text: string, key: string): string {
  if (/\d/.test(text)) return text.replace(/\d+/g, (n) => String(Number(n) + 1));
  const own = text.toLowerCase();
  const start = hash(key) % kOtherTexts.length;
  for (let i = 0; i < kOtherTexts.length; i++) {
    const other = kOtherTexts[(start + i) % kOtherTexts.length]!;
    if (!own.includes(other.toLowerCase()) && !other.toLowerCase().includes(own.trim())) return other;
  }
  return 'Something else';
}

/** The element's visible text nodes, scripts and styles left out. */
function textNodes(el: Element): Text[] {
  const out: Text[] = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.parentElement?.closest('script, style')) continue;
    if ((n.nodeValue ?? '').trim()) out.push(n as Text);
  }
  return out;
}

/** `el`'s text becomes `replacement` in its first text node (the others emptied); the originals kept. */
function retext(el: Element, config: RetextConfig): void {
  const nodes = textNodes(el);
  if (!nodes.length) return;
  const state = healState();
  const original = nodes.map((n) => state.origText.get(n) ?? n.nodeValue ?? '').join('').replace(/\s+/g, ' ').trim();
  const replacement = otherText(original, config.key);
  nodes.forEach((n, i) => {
    if (!state.origText.has(n)) state.origText.set(n, n.nodeValue ?? '');
    const value = i === 0 ? replacement : '';
    if (n.nodeValue !== value) n.nodeValue = value;
  });
}

function sweep(config: RetextConfig, tag: string): void {
  for (const el of Array.from(document.getElementsByTagName(tag))) {
    // The describer names what it was: an element already retexted is found again and left as it is.
    if (el.isConnected && describe(el).key === config.key) retext(el, config);
  }
}

export function retextInPage(config: RetextConfig): void {
  const tag = config.key.split('|')[0] ?? '';
  if (!tag) return;
  let busy = false;
  const observer = new MutationObserver(() => {
    if (busy) return;
    busy = true;
    try {
      sweep(config, tag);
    } finally {
      // What the sweep itself changed needs no second look.
      observer.takeRecords();
      busy = false;
    }
  });
  // Text counts: an app that renders the text again (a framework's refresh) gets it changed again.
  observer.observe(document, { childList: true, subtree: true, characterData: true });
  document.addEventListener('DOMContentLoaded', () => sweep(config, tag));
}

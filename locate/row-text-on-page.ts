import type { Page } from 'playwright';
import { inPage } from '../core/in-page.ts';
import { steadyParts } from '../core/volatile/steady-text.ts';

/**
 * Whether a row's recorded text (its volatile words as `#`, see core/volatile) is still anywhere on the page (every frame, open shadow roots
 * included), as whole words after the normalisation of `normalizeText`. When it is not, the row
 * was renamed or removed, and scoring treats another row's text accordingly (see scoring.ts).
 * A frame that cannot be read counts as holding the text, so the answer errs towards refusing.
 */
export async function rowTextOnPage(page: Page, text: string): Promise<boolean> {
  // A steady text (words the page changes by itself set aside) is there when each part around them is.
  const parts = steadyParts(text);
  for (const frame of page.frames()) {
    if (frame.isDetached()) continue;
    const absent = await frame.evaluate(await inPage.fn('absentPhrases'), parts).catch(() => [] as string[]);
    if (!absent.length) return true;
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
    const missing = await frame.evaluate(await inPage.fn('absentPhrases'), [...absent]).catch(() => [] as string[]);
    absent = new Set(missing);
  }
  return absent;
}

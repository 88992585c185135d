import type { Page } from 'playwright';
import { inPage } from '../../core/in-page.ts';
import type { Label } from '../../core/in-page/vision.ts';
import { untraced } from '../record/untraced.ts';
import type { ElementInfo } from '../types.ts';

/**
 * What a vision model sees: the viewport with each listed element boxed and labelled with its
 * index, so the picture and the element list name the same things. The overlay is injected for
 * the screenshot and removed right after; nothing of it reaches the trace or the app's own code.
 */

/** Image budget: large enough to read buttons, small enough to cost ~1K image tokens. */
export const kVisionMaxWidth = 1280;
export const kVisionMaxHeight = 800;
/** JPEG quality 60 keeps text readable at about a fifth of the PNG size. */
export const kVisionJpegQuality = 60;
/** Boxes cycle through these so neighbours differ. */
const kColors = ['#e6194b', '#3cb44b', '#4363d8', '#f58231', '#911eb4', '#008080', '#9a6324', '#800000'];
const kOverlayId = '__bu_vision_overlay';

export function visionLabels(elements: readonly ElementInfo[]): Label[] {
  return elements
    .filter((element) => element.inViewport && element.box && element.box.width > 0 && element.box.height > 0)
    .map((element) => ({ index: element.index, ...element.box!, color: kColors[element.index % kColors.length]! }));
}

/** The scale that fits a viewport into the image budget (never enlarges). */
export function visionScale(viewport: { width: number; height: number }): number {
  return Math.min(1, kVisionMaxWidth / viewport.width, kVisionMaxHeight / viewport.height);
}

async function jpeg(page: Page, scale: number): Promise<Buffer> {
  const viewport = page.viewportSize();
  if (scale >= 1 || !viewport) return page.screenshot({ type: 'jpeg', quality: kVisionJpegQuality, scale: 'css', animations: 'disabled' });
  // Playwright cannot resize a screenshot; Chromium can, through the clip's scale.
  const cdp = await page.context().newCDPSession(page);
  try {
    const shot = (await cdp.send('Page.captureScreenshot', {
      format: 'jpeg', quality: kVisionJpegQuality, clip: { x: 0, y: 0, width: viewport.width, height: viewport.height, scale },
    })) as { data: string };
    return Buffer.from(shot.data, 'base64');
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** A JPEG data URL of the viewport with the elements' indexes drawn on it. */
export async function labelledScreenshot(page: Page, elements: readonly ElementInfo[]): Promise<string> {
  return untraced(page, async () => {
    await page.evaluate(await inPage.fn('drawOverlay'), { labels: visionLabels(elements), id: kOverlayId });
    try {
      const scale = visionScale(page.viewportSize() ?? { width: kVisionMaxWidth, height: kVisionMaxHeight });
      return `data:image/jpeg;base64,${(await jpeg(page, scale)).toString('base64')}`;
    } finally {
      await page.evaluate(await inPage.fn('removeOverlay'), kOverlayId).catch(() => undefined);
    }
  });
}

import type { Page } from 'playwright';
import { inPage } from '../../core/in-page.ts';
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

interface Label {
  index: number;
  x: number;
  y: number;
  width: number;
  height: number;
  color: string;
}

/** Runs in the page: one fixed layer above everything, a box and a tag per element. */
const drawOverlay = inPage(({ labels, id }: { labels: Label[]; id: string }) => {
  document.getElementById(id)?.remove();
  const layer = document.createElement('div');
  layer.id = id;
  layer.setAttribute('aria-hidden', 'true');
  layer.style.cssText = 'position:fixed;inset:0;pointer-events:none;z-index:2147483647;';
  for (const label of labels) {
    const box = document.createElement('div');
    box.style.cssText = `position:absolute;left:${label.x}px;top:${label.y}px;width:${label.width}px;height:${label.height}px;outline:2px solid ${label.color};box-sizing:border-box;`;
    const tag = document.createElement('span');
    tag.textContent = String(label.index);
    const above = label.y >= 14;
    tag.style.cssText = `position:absolute;left:-2px;${above ? 'top:-14px' : 'top:0'};background:${label.color};color:#fff;font:bold 11px/13px monospace;padding:0 2px;`;
    box.appendChild(tag);
    layer.appendChild(box);
  }
  (document.body ?? document.documentElement).appendChild(layer);
});

const removeOverlay = inPage((id: string) => {
  document.getElementById(id)?.remove();
});

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
    await page.evaluate(drawOverlay, { labels: visionLabels(elements), id: kOverlayId });
    try {
      const scale = visionScale(page.viewportSize() ?? { width: kVisionMaxWidth, height: kVisionMaxHeight });
      return `data:image/jpeg;base64,${(await jpeg(page, scale)).toString('base64')}`;
    } finally {
      await page.evaluate(removeOverlay, kOverlayId).catch(() => undefined);
    }
  });
}

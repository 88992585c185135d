import type { Page } from 'playwright';
import { inPage } from '../../core/in-page.ts';
import type { ElementInfo } from '../types.ts';
import { elementsWhere } from './elements-where.ts';

/**
 * Elements a layer lies over. A modal built without dialog roles (a positioned `div` over the whole
 * page, its window inside, or empty shades over parts of it) leaves every control behind it in the
 * aria snapshot, yet a click on one lands on the layer and times out. When something positioned
 * covers most of the viewport, or an empty positioned element a good part of it, each
 * element is hit-tested at its centre; those whose centre belongs to another element are marked
 * `covered`, and a crawler leaves them alone as it leaves what lies behind an open dialog.
 */

/** A positioned element over at least this share of the viewport can be a layer over the page. */
const kLayerShare = 0.9;
/**
 * An empty positioned element over at least this share of the viewport is a shade: apps that dim
 * the page in parts (the header, a side panel, the workspace, each its own shade) lay several.
 */
const kShadeShare = 0.05;
/** The viewport is probed for shades on a grid of this many points a side. */
const kShadeGrid = 5;
/** Sets `covered` on the elements a layer over the page hides; nothing is tested when there is no such layer. */
export async function markCovered(page: Page, elements: ElementInfo[]): Promise<void> {
  const layer = await page.evaluate(await inPage.fn('layerOverPage'), { layer: kLayerShare, shade: kShadeShare, grid: kShadeGrid }).catch(() => false);
  if (!layer) return;
  for (const element of await elementsWhere(page, elements, await inPage.fn('coveredAtCentre'))) element.covered = true;
}

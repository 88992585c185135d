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
/**
 * Runs in the page: whether the element at the viewport's centre sits in a positioned layer over
 * most of the viewport, or a point of a grid over it lands on an empty positioned element (a shade).
 */
function layerOverPage(limits: { layer: number; shade: number; grid: number }): boolean {
  const width = window.innerWidth;
  const height = window.innerHeight;
  const positioned = (node: Element) => ['fixed', 'absolute'].includes(getComputedStyle(node).position);
  const share = (node: Element) => {
    const rect = node.getBoundingClientRect();
    return (Math.max(0, Math.min(rect.right, width) - Math.max(rect.left, 0)) * Math.max(0, Math.min(rect.bottom, height) - Math.max(rect.top, 0))) / (width * height);
  };
  let node: Element | null = document.elementFromPoint(width / 2, height / 2);
  while (node && node !== document.body && node !== document.documentElement) {
    if (positioned(node) && share(node) >= limits.layer) return true;
    node = node.parentElement;
  }
  for (let i = 0; i < limits.grid; i++) {
    for (let j = 0; j < limits.grid; j++) {
      const hit = document.elementFromPoint(((i + 0.5) * width) / limits.grid, ((j + 0.5) * height) / limits.grid);
      if (hit && hit !== document.body && hit !== document.documentElement && !hit.childElementCount && !(hit.textContent ?? '').trim() && positioned(hit) && share(hit) >= limits.shade) return true;
    }
  }
  return false;
}

/** Runs in the page: true when the element's centre, inside the viewport, shows another element that is neither in it nor around it. */
function coveredAtCentre(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  if (rect.width <= 0 || rect.height <= 0) return false;
  const x = rect.left + rect.width / 2;
  const y = rect.top + rect.height / 2;
  // Off screen: a click scrolls it into view first, and what lies there then is not known here.
  if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return false;
  const root = element.getRootNode() as Document | ShadowRoot;
  const hit = root.elementFromPoint(x, y);
  if (!hit) return false;
  return !element.contains(hit) && !hit.contains(element);
}

const kLayerOverPage = inPage(layerOverPage);
const kCoveredAtCentre = inPage(coveredAtCentre);

/** Sets `covered` on the elements a layer over the page hides; nothing is tested when there is no such layer. */
export async function markCovered(page: Page, elements: ElementInfo[]): Promise<void> {
  const layer = await page.evaluate(kLayerOverPage, { layer: kLayerShare, shade: kShadeShare, grid: kShadeGrid }).catch(() => false);
  if (!layer) return;
  for (const element of await elementsWhere(page, elements, kCoveredAtCentre)) element.covered = true;
}

import { attr, byIds, clean, parentOf } from './dom.ts';

/** Landmark roles of elements without a `role`. */
export const kLandmarkTags: Record<string, string> = { nav: 'navigation', main: 'main', header: 'banner', footer: 'contentinfo', aside: 'complementary' };
const kLandmarkRoles = new Set(['navigation', 'main', 'banner', 'contentinfo', 'complementary', 'region', 'search', 'form', 'dialog']);

export interface Landmarks {
  /** Outermost first. */
  landmarks: { role: string; name: string | null }[];
  /** The innermost landmark around the element; null when none. */
  region: Element | null;
}

function landmarkRole(a: Element): string | null {
  return attr(a, 'role') ?? kLandmarkTags[a.tagName.toLowerCase()] ??
    (a.tagName === 'DIALOG' ? 'dialog' : null) ??
    ((a.tagName === 'SECTION' || a.tagName === 'FORM') && (attr(a, 'aria-label') || attr(a, 'aria-labelledby'))
      ? (a.tagName === 'FORM' ? 'form' : 'region') : null);
}

export function landmarksOf(el: Element): Landmarks {
  const landmarks: Landmarks['landmarks'] = [];
  let region: Element | null = null;
  for (let a = parentOf(el); a; a = parentOf(a)) {
    const role = landmarkRole(a);
    if (role && kLandmarkRoles.has(role)) {
      landmarks.unshift({ role, name: clean(attr(a, 'aria-label')) ?? byIds(el, attr(a, 'aria-labelledby')) });
      region ??= a;
    }
  }
  return { landmarks, region };
}

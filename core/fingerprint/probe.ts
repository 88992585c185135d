/**
 * The DOM half of a fingerprint, read inside the page for one element (core/in-page/probe/). The
 * types only: the page's code and Node's both use them.
 */

export interface DomProbe {
  tag: string;
  testId: string | null;
  testIdAttribute: string | null;
  id: string | null;
  nameAttr: string | null;
  type: string | null;
  placeholder: string | null;
  label: string | null;
  text: string | null;
  hrefPath: string | null;
  title: string | null;
  alt: string | null;
  ariaLabel: string | null;
  /** What the element's pictures show (see core/in-page/probe/icon.ts), or null when it has none. */
  icon: string | null;
  classes: string[];
  shadowHosts: string[];
  landmarks: { role: string; name: string | null }[];
  nearbyHeading: string | null;
  nearbyText: string | null;
  xpath: string;
  cssPath: string;
  box: { x: number; y: number; width: number; height: number } | null;
  state: { value: string | null; checked: boolean | null; selected: string[] | null; disabled: boolean };
  container: ContainerProbe | null;
  /** Elements of this element's kind (tag, input type) in its innermost landmark, itself included. */
  kindPeers: number;
  /** For a submit control in a form: what submitting it sends (see `FormProbe`); else null or absent. */
  form?: FormProbe | null;
  /** The language its document declares (`<html lang>`), lower-cased; null when none. */
  lang?: string | null;
}

/**
 * What a submit control sends: the form's target as written (the control's `formaction`, else the
 * form's `action` attribute; null when neither is written), its method, the names of the fields
 * it posts (sorted, each once; submit controls left out) and how many of the form's submit
 * controls post no name of their own (those send the fields alone; a named one adds its name).
 */
export interface FormProbe {
  action: string | null;
  method: string;
  fields: string[];
  unnamedSubmits: number;
}

/** The nearest meaningful container of an element (a row, list item, card, dialog, form, ...). */
export interface ContainerProbe {
  role: string;
  tag: string;
  /** Its accessible name; for a fieldset its legend; for an article, dialog or tab panel without one, its first heading (a card's title). */
  name: string | null;
  /** What the container says apart from its controls' captions (a row's data), collapsed and cut. */
  text: string | null;
  /** The element's place among the container's elements of the same kind (tag, and type for inputs). */
  slot: { index: number; count: number };
  /** How many elements like the container share its parent (the rows of a list). */
  siblings: number;
}

/**
 * What tells an element from its neighbours without Playwright: its tag and identifying attributes
 * (as the DOM probe reads them), and the text of the row it sits in, which alone tells one row's
 * unnamed checkbox from the next row's after the rows were re-sorted.
 */
export type ElementIdentity = Pick<DomProbe, 'tag' | 'id' | 'nameAttr' | 'type' | 'testId' | 'testIdAttribute'> & { rowText: string | null };

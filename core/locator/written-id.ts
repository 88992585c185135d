/**
 * Whether an element's id is one a person wrote (`toolbar-open`, `email`), or one a framework or
 * a build made up: a counter (ExtJS `ext-gen48`, Angular Material `mat-input-0`, jQuery UI
 * `ui-id-3`, Ember `ember123`, Dojo `dijit_form_Button_0`), React's `useId` (`:r1:`, `«r1»`,
 * `radix-:r1:`), a hash or a database id. A made-up id is handed out in the order elements are
 * created, so after a release that adds or removes one it may name another element: it is never
 * identity (replay and heal), never a locator (generate), never a name. One rule for all three.
 */

const kMadeUpId = [
  // A database id, or a counter past 99.
  /\d{3,}/,
  // A hash.
  /[0-9a-f]{8,}/i,
  // A counter as a part of its own: `mat-input-0`, `react-select-2-input`, `__BVID__12`, `x-auto-7`.
  /(?:^|[-_:.])\d+(?=$|[-_:.])/,
  // A hashed or counted last part, letters and digits run together: `ext-gen48`, `email-k3f9a`, `ember12`.
  /(?:^|[-_:])(?=[a-z0-9]*\d)(?=[a-z0-9]*[a-z])[a-z0-9]{5,}$/i,
  // React's useId, alone or inside a library's id.
  /[:«]r[0-9a-z]+[:»]/,
];

/** True when `id` was made up by a framework or a build (see above). */
export function isMadeUpId(id: string): boolean {
  return kMadeUpId.some((pattern) => pattern.test(id));
}

/** `id` when a person wrote it and it reads as one word or hyphenated words, else null. */
export function writtenId(id: string | null | undefined): string | null {
  return id && /^[A-Za-z][\w-]*$/.test(id) && !isMadeUpId(id) ? id : null;
}

import type { Fingerprint } from '../../core/schema/history.ts';
import type { ModelLocator } from '../../core/schema/page-model.ts';
import type { LocatorChain } from '../../core/locator/chain.ts';

/**
 * How a person finds an element that has no role `getByRole` can use (an editable `<div>`, a
 * clickable `<span>`): by its label, its placeholder or the text it shows. Verified only when the
 * recorder chose the same locator and it matched one element; otherwise unchecked.
 */

export type ShownKind = 'label' | 'placeholder' | 'text';

const kMethods: Record<ShownKind, string> = { label: 'getByLabel', placeholder: 'getByPlaceholder', text: 'getByText' };
/** Longer text is content (a paragraph, a comment), not something to find an element by. */
const kMaxTextChars = 60;

function shownText(fp: Fingerprint, kind: ShownKind): string | null {
  switch (kind) {
    case 'label': return fp.label;
    case 'placeholder': return fp.placeholder;
    case 'text': return fp.text && fp.text.length <= kMaxTextChars ? fp.text : null;
  }
}

/** The first of `kinds` the fingerprint has, as a locator; null when it has none. */
export function shownLocator(
  fp: Fingerprint, kinds: ShownKind[], recorded: { chain: LocatorChain; matches: number } | null, base: Pick<ModelLocator, 'frames' | 'scope' | 'row' | 'nth'>,
): ModelLocator | null {
  for (const kind of kinds) {
    const value = shownText(fp, kind);
    if (!value) continue;
    const step = recorded?.chain.length === 1 ? recorded.chain[0]! : null;
    const same = step !== null && step.kind === kMethods[kind] && 'text' in step && step.text === value;
    // Visible text is read as rendered (CSS may upper-case it): matched without case, as a substring.
    const exact = same ? step.exact === true : kind !== 'text';
    return { ...base, kind, role: null, value, exact, matches: same ? recorded!.matches : null, verified: same && recorded!.matches === 1 };
  }
  return null;
}

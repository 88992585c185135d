import type { DomProbe } from '../core/fingerprint/probe.ts';
import type { Fingerprint } from '../core/schema/history.ts';
import { normalizeText } from './text.ts';

/** What an element says of itself when nothing names it: its aria-label, label, title or placeholder. */
function ownCaption(probe: Pick<DomProbe, 'ariaLabel' | 'label' | 'title' | 'placeholder'>): string {
  return normalizeText(probe.ariaLabel ?? probe.label ?? probe.title ?? probe.placeholder ?? '');
}

/** Whether a nameless element's own caption is not what was recorded: gained, or another. */
export function captionChanged(fp: Fingerprint, live: Pick<DomProbe, 'ariaLabel' | 'label' | 'title' | 'placeholder'>): boolean {
  const now = ownCaption(live);
  return now !== '' && now !== ownCaption(fp);
}

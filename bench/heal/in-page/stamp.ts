import { describe } from './describe.ts';

/**
 * Runs in the page (an init script, after mutate.ts's) in the heal benches' oracle runs only: writes
 * on every element, as it first appears, the describer's key of what it was BEFORE any mutation
 * (describe.ts), a decoy's marked as one. A Playwright trace's DOM snapshots keep the attribute,
 * so the element a call of a test found (the one the snapshot marks as its target) is named the same
 * on the unchanged app and on a mutant. Runs `bu heal` reads never carry it.
 */

export interface StampConfig {
  attribute: string;
}

export function stampInPage(config: StampConfig): void {
  const stamp = (el: Element) => {
    if (el.hasAttribute(config.attribute)) return;
    const described = describe(el);
    el.setAttribute(config.attribute, `${described.decoy ? 'decoy:' : ''}${described.key}`);
  };
  const stampAll = (root: Element) => {
    stamp(root);
    for (const el of Array.from(root.querySelectorAll('*'))) stamp(el);
  };
  const start = () => {
    stampAll(document.documentElement);
    new MutationObserver((records) => {
      for (const record of records) for (const node of Array.from(record.addedNodes)) if (node instanceof Element) stampAll(node);
    }).observe(document.documentElement, { childList: true, subtree: true });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
}

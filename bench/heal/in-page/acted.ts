import { describe, peersOf, type ElementDescription } from './describe.ts';

/**
 * Runs in the page (an init script installed after mutate.ts's): reports every trusted click,
 * input, change and Enter key to the bench, naming the element acted on by what it was BEFORE any
 * mutation (describe.ts) and whether it is a decoy. The same element on the unchanged app and on a
 * mutant gets the same description, so a description that differs from the reference run's is an
 * action on another element. Each event also lists the element's look-alikes on the page at that
 * moment when asked (the peer-left family reads them in the reference runs on the unchanged app).
 */

export interface ActedEvent extends ElementDescription {
  /** click, input, change or key */
  kind: string;
  /** Look-alikes of the element on the page when it was acted on (describe.ts `peersOf`). */
  peers: string[];
  /** When it happened (Date.now() in the page: the bench's clock too), to tell which step caused it. */
  t: number;
}

export interface ActedConfig {
  bindingName: string;
  /** Read each element's look-alikes (reference runs only: it reads the whole page per event). */
  peers: boolean;
}

function report(config: ActedConfig, kind: string, e: Event): void {
  // Playwright chooses options by script: those events are untrusted but still the step's.
  if (!(e.target instanceof Element) || (!e.isTrusted && !(e.target instanceof HTMLSelectElement))) return;
  const fn: unknown = Reflect.get(window, config.bindingName);
  if (typeof fn !== 'function') return;
  const peers = config.peers ? peersOf(e.target) : [];
  const event: ActedEvent = { ...describe(e.target), kind, peers, t: Date.now() };
  fn(event);
}

export function actedInPage(config: ActedConfig): void {
  document.addEventListener('click', (e) => report(config, 'click', e), true);
  document.addEventListener('input', (e) => report(config, 'input', e), true);
  document.addEventListener('change', (e) => report(config, 'change', e), true);
  document.addEventListener('keydown', (e) => { if ((e as KeyboardEvent).key === 'Enter') report(config, 'key', e); }, true);
}

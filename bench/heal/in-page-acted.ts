import type { Describer, ElementDescription } from './in-page-describe.ts';

/**
 * Runs in the page (an init script installed after in-page-mutate.ts): reports every trusted
 * click, input, change and Enter key to the bench, naming the element acted on by what it was
 * BEFORE any mutation (in-page-describe.ts) and whether it is a decoy. The same element on the
 * unchanged app and on a mutant gets the same description, so a description that differs from
 * the reference run's is an action on another element. Each event also lists the element's
 * look-alikes on the page at that moment when asked (the peer-left family reads them in the
 * reference runs on the unchanged app).
 * Self-contained: serialized with `toString()`, the describer handed in by the same script.
 */

export interface ActedEvent extends ElementDescription {
  /** click, input, change or key */
  kind: string;
  /** Look-alikes of the element on the page when it was acted on (Describer.peersOf). */
  peers: string[];
  /** When it happened (Date.now() in the page: the bench's clock too), to tell which step caused it. */
  t: number;
}

export interface ActedConfig {
  bindingName: string;
  /** Read each element's look-alikes (reference runs only: it reads the whole page per event). */
  peers: boolean;
}

export function actedInPage(config: ActedConfig, describer: Describer): void {
  const send = (kind: string, e: Event) => {
    // Playwright chooses options by script: those events are untrusted but still the step's.
    if (!(e.target instanceof Element) || (!e.isTrusted && !(e.target instanceof HTMLSelectElement))) return;
    const fn: unknown = Reflect.get(window, config.bindingName);
    if (typeof fn !== 'function') return;
    const peers = config.peers ? describer.peersOf(e.target) : [];
    fn({ ...describer.describe(e.target), kind, peers, t: Date.now() });
  };
  document.addEventListener('click', (e) => send('click', e), true);
  document.addEventListener('input', (e) => send('input', e), true);
  document.addEventListener('change', (e) => send('change', e), true);
  document.addEventListener('keydown', (e) => { if ((e as KeyboardEvent).key === 'Enter') send('key', e); }, true);
}

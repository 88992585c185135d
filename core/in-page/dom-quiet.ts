/**
 * Waits, in the page, until its elements and their styles have not changed for `quietMs`, or
 * `timeoutMs` has passed: a script animation (a list sliding shut, then removed) or a widget a
 * script builds after the network went quiet is finished before the page is read. Changes of
 * text alone (a clock, a counter) do not hold it. It runs in the page.
 *
 * `firstQuietMs` (when longer than `quietMs`) is the quiet asked for before the first change: it is
 * counted on the page's own clock, so a timer the page set before (a search box's debounce) fires
 * first however loaded the machine is; a wait counted in the driving process could end before it.
 */
export function domQuiet(args: { quietMs: number; timeoutMs: number; firstQuietMs?: number }): Promise<void> {
  return new Promise((resolve) => {
    const started = performance.now();
    let timer = 0;
    const observer = new MutationObserver((records) => {
      if (records.every((r) => r.type === 'childList' && [...r.addedNodes, ...r.removedNodes].every((n) => n.nodeType === Node.TEXT_NODE))) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        observer.disconnect();
        resolve();
      }, Math.max(0, Math.min(args.quietMs, args.timeoutMs - (performance.now() - started))));
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['style', 'class', 'hidden', 'open', 'aria-hidden', 'aria-expanded'] });
    timer = window.setTimeout(() => {
      observer.disconnect();
      resolve();
    }, Math.min(Math.max(args.quietMs, args.firstQuietMs ?? 0), args.timeoutMs));
  });
}

/**
 * Waits, in the page, until its elements and their styles have not changed for `quietMs`, or
 * `timeoutMs` has passed: a script animation (a list sliding shut, then removed) or a widget a
 * script builds after the network went quiet is finished before the page is read. Changes of
 * text alone (a clock, a counter) do not hold it. Self-contained: it runs in the page.
 */
export function domQuietInPage(args: { quietMs: number; timeoutMs: number }): Promise<void> {
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
    }, args.quietMs);
  });
}

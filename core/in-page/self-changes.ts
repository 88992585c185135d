/**
 * Runs in the page: watches its texts change and hands the changes over. The first call installs a
 * watcher on the document (one per document, kept under a property the app does not enumerate);
 * every call returns the document's id and the text changes seen since the last call, as (before, after) pairs of the
 * changed element's text, and forgets them. The recorder calls it right after an action settled
 * (those changes are the action's, dropped) and again before the next action: what changed between
 * the two, while nothing acted, the page changed by itself.
 */
export function selfChanges(): { document: string; changes: [string, string][] } {
  type Watch = { id: string; changes: [string, string][] };
  const key = '__buSelfChanges';
  const holder = window as unknown as Record<string, Watch | undefined>;
  const kMaxChanges = 200;
  const kMaxText = 200;
  let watch = holder[key];
  if (!watch) {
    const created: Watch = { id: Math.random().toString(36).slice(2), changes: [] };
    watch = created;
    Object.defineProperty(window, key, { value: created, enumerable: false, configurable: true });
    const textOf = (nodes: NodeList) => Array.from(nodes).map((n) => n.textContent ?? '').join(' ').trim();
    const note = (before: string, after: string) => {
      if (created.changes.length >= kMaxChanges || before === after) return;
      created.changes.push([before.slice(0, kMaxText), after.slice(0, kMaxText)]);
    };
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'characterData') note((r.oldValue ?? '').trim(), (r.target.nodeValue ?? '').trim());
        // A text replaced as a whole (`el.textContent = ...`): what went and what came in its place.
        else if (r.type === 'childList' && r.removedNodes.length && r.addedNodes.length) note(textOf(r.removedNodes), textOf(r.addedNodes));
      }
    }).observe(document, { subtree: true, childList: true, characterData: true, characterDataOldValue: true });
  }
  const changes = watch.changes;
  watch.changes = [];
  return { document: watch.id, changes };
}

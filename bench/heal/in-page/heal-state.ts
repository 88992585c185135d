/**
 * What a mutation replaced, kept in the page under `window.__buHeal` by the mutation's script
 * (mutate.ts) and read by the describer (describe.ts), which runs in scripts of its own: the
 * acted-on element is told by what it was before.
 */

export interface HealState {
  origText: WeakMap<Node, string>;
  origAttr: WeakMap<Element, Record<string, string | null>>;
  decoys: WeakSet<Element>;
}

const kKey = '__buHeal';

/** The page's heal state; null before the mutation's script ran (or without it). */
export function readHealState(): HealState | null {
  // Reflect.get: the page's window has no type for what the mutation script keeps on it.
  return (Reflect.get(window, kKey) as HealState | undefined) ?? null;
}

/** The page's heal state, made empty the first time. */
export function healState(): HealState {
  const state = readHealState() ?? { origText: new WeakMap(), origAttr: new WeakMap(), decoys: new WeakSet() };
  Reflect.set(window, kKey, state);
  return state;
}

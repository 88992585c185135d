import type { BrowserContext } from 'playwright';
import type { ActedEvent } from './in-page/acted.ts';
import type { GoneConfig } from './in-page/gone.ts';
import type { MutantKind } from './in-page/mutate.ts';
import { healInPage } from './in-page.ts';
import { kReworded, kTranslated } from './words.ts';
import { kStampAttribute } from './mutant-proxy.ts';

/**
 * Puts a mutant and the acted-on element log into a browser context: both are init scripts, so
 * every page and every navigation of the context gets them before the app's own scripts run.
 */

export interface Mutant {
  name: string;
  kind: MutantKind;
  /** What a release-like change this stands for (printed under the table). */
  about: string;
}

export const kMutants: Mutant[] = [
  { name: 'unchanged', kind: 'none', about: 'the app as recorded' },
  { name: 'classes', kind: 'classes', about: 'every class name hashed (styles and the app\'s own selectors follow)' },
  { name: 'reworded', kind: 'reworded', about: 'labels, buttons, links and placeholders reworded with synonyms' },
  { name: 'translated', kind: 'translated', about: 'the whole page translated to German word by word' },
  { name: 'wrappers', kind: 'wrappers', about: 'a wrapper around every control and top block; navigation and asides moved last' },
  { name: 'reordered', kind: 'reordered', about: 'rows, list items and link groups in another order' },
  { name: 'decoy', kind: 'decoy', about: 'a same-named copy of every link, button and text field in a "Suggestions" aside' },
  { name: 'unnamed', kind: 'unnamed', about: 'controls inside rows lose their accessible names' },
  { name: 'icononly', kind: 'icononly', about: 'buttons show an icon instead of their text, with no name' },
];

/**
 * `gone`: the element of one recorded step removed or replaced as well (in-page/gone.ts); `stamp`:
 * each element carries its pre-mutation key (in-page/stamp.ts, the person run only).
 */
export async function applyMutant(context: BrowserContext, mutant: Mutant, gone: GoneConfig | null = null, stamp = false): Promise<void> {
  const words = mutant.kind === 'reworded' ? kReworded : mutant.kind === 'translated' ? kTranslated : {};
  await context.addInitScript({ content: await healInPage.initScript('mutateInPage', { kind: mutant.kind, words, lang: mutant.kind === 'translated' ? 'de' : null }) });
  if (gone) await context.addInitScript({ content: await healInPage.initScript('goneInPage', gone) });
  if (stamp) await context.addInitScript({ content: await healInPage.initScript('stampInPage', { attribute: kStampAttribute }) });
}

const kBinding = '__buActed';

export interface ActedLog {
  events: ActedEvent[];
}

/** Starts logging the elements acted on in the context (call after applyMutant); `peers`: with their look-alikes. */
export async function watchActed(context: BrowserContext, peers = false): Promise<ActedLog> {
  const log: ActedLog = { events: [] };
  await context.exposeBinding(kBinding, (_source, event: ActedEvent) => void log.events.push(event));
  await context.addInitScript({ content: await healInPage.initScript('actedInPage', { bindingName: kBinding, peers }) });
  return log;
}

/** The element a step acted on, from the events it caused; null when it acted on nothing. */
export function actedBy(action: string, events: ActedEvent[]): ActedEvent | null {
  switch (action) {
    case 'click': return events.find((e) => e.kind === 'click') ?? null;
    case 'input': return events.findLast((e) => e.kind === 'input') ?? null;
    case 'select_dropdown': return events.find((e) => e.kind === 'change' || e.kind === 'input') ?? events.find((e) => e.kind === 'click') ?? null;
    case 'send_keys': return events.find((e) => e.kind === 'key') ?? null;
    default: return null;
  }
}

import { describerInPage, type Describer } from './in-page-describe.ts';

/**
 * The source of an init script made of our own in-page functions (serialized with `toString()`),
 * with the `__name` helper some TS loaders insert into them defined where they run.
 */

export function initScript<A>(fn: (arg: A) => void, arg: A): string {
  return `(() => { const __name = (f) => f; (${fn.toString()})(${JSON.stringify(arg)}); })();`;
}

/** One that describes elements as the bench does: `fn` gets the page's describer (in-page-describe.ts). */
export function describedInitScript<A>(fn: (arg: A, describer: Describer) => void, arg: A): string {
  return `(() => { const __name = (f) => f; (${fn.toString()})(${JSON.stringify(arg)}, (${describerInPage.toString()})()); })();`;
}

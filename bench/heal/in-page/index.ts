/**
 * The heal bench's code that runs in the page, as the Node side calls it (../in-page.ts): each
 * function exported here is bundled on its own into a self-contained init script, the way core's
 * in-page code is (core/in-page-bundle.ts). DOM-typed, no Node: `tsc --noEmit -p bench/heal/in-page`.
 */

export { actedInPage } from './acted.ts';
export { goneInPage } from './gone.ts';
export { mutateInPage } from './mutate.ts';
export { retextInPage } from './retext.ts';
export { stampInPage } from './stamp.ts';

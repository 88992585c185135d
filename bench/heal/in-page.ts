import { InPageEntry } from '../../core/in-page.ts';

/** The heal bench's in-page code (in-page/index.ts): its init scripts, bundled on first use. */
export const healInPage = new InPageEntry<typeof import('./in-page/index.ts')>(new URL('./in-page/index.ts', import.meta.url));

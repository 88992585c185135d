/** The document's title and main heading, read in one call. */
export interface TitleAndHeading {
  title: string;
  heading: string | null;
}

/** The page's main heading: the first h1, else the first heading of any level. Replay reads the heading by the same rule. */
export function mainHeading(): string | null {
  const el = document.querySelector('h1, [role=heading][aria-level="1"]') ?? document.querySelector('h2, h3, h4, h5, h6, [role=heading]');
  const text = (el as HTMLElement | null)?.innerText?.replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, 200) : null;
}

/** The title with the main heading: one round trip for both. */
export function titleAndHeading(): TitleAndHeading {
  return { title: document.title, heading: mainHeading() };
}

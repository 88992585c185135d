import { titleAndHeading, type TitleAndHeading } from './heading.ts';

/** Scroll position, title and main heading of the document: one round trip. */
export function documentRead(): TitleAndHeading & { y: number; viewportHeight: number; pageHeight: number } {
  return {
    ...titleAndHeading(),
    y: Math.round(window.scrollY),
    viewportHeight: window.innerHeight,
    pageHeight: Math.max(document.documentElement?.scrollHeight ?? 0, document.body?.scrollHeight ?? 0),
  };
}

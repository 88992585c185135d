/**
 * The classes of an element's ancestors, nearest first, each with how many elements of its
 * document carry it, and which of `written` (classes a locator is written with) no element
 * carries: a class a selector names on a container the release renamed is found among them.
 */
export function ancestorClasses(el: Element, written: string[]): { ancestors: { classes: string[]; counts: number[] }[]; absent: string[] } {
  const doc = el.ownerDocument;
  const ancestors: { classes: string[]; counts: number[] }[] = [];
  for (let at = el.parentElement; at; at = at.parentElement) {
    const classes = Array.from(at.classList);
    ancestors.push({ classes, counts: classes.map((c) => doc.getElementsByClassName(c).length) });
  }
  return { ancestors, absent: written.filter((c) => doc.getElementsByClassName(c).length === 0) };
}

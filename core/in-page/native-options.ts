/** Option labels of a native <select>, or null when the element is something else. */
export function nativeOptions(el: Element): string[] | null {
  // By tag, not `instanceof` a page global: a page may replace those.
  return el.localName === 'select' ? [...(el as HTMLSelectElement).options].map((option) => option.label || option.text) : null;
}

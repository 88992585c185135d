/** Each element's markup, whether it is a link with a real target, and its place in document order. */
export function readLinks(first: Element, others: Element[]): { markup: string; link: boolean; order: number }[] {
  const els = [first, ...others];
  const sorted = [...els].sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  return els.map((el) => {
    const href = el.getAttribute('href');
    const link = el.localName === 'a' && el.namespaceURI === 'http://www.w3.org/1999/xhtml' && href !== null && href.trim() !== '' && href.trim() !== '#' && !/^\s*javascript:/i.test(href);
    return { markup: el.outerHTML, link, order: sorted.indexOf(el) };
  });
}

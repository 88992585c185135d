import { kControls, kRows, type Writer } from './writer.ts';

/** The icononly and unnamed mutants: buttons show an icon instead of their text; controls in rows lose their names. */

function icon(text: string): string {
  return `url("data:image/svg+xml,${encodeURIComponent(`<svg xmlns='http://www.w3.org/2000/svg' width='16' height='16'><circle cx='8' cy='8' r='7' fill='none' stroke='black'/><text x='8' y='12' font-size='10' text-anchor='middle'>${text.slice(0, 1).toUpperCase()}</text></svg>`)}")`;
}

/** Empties `el`'s texts; what they said. */
function blankText(writer: Writer, el: Element): string {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n as Text);
  const label = texts.map((t) => t.nodeValue ?? '').join('').trim();
  for (const t of texts) if ((t.nodeValue ?? '').trim()) writer.setText(t, '');
  return label;
}

/** A button shows an icon of its first letter instead of its text, and has no name. */
export function makeIconOnly(writer: Writer, el: Element): void {
  if (!el.matches('button, [role=button], input[type=submit], input[type=button]') || el.closest('svg')) return;
  const label = el instanceof HTMLInputElement ? el.value : (el.textContent ?? '').trim();
  if (!label || label.length > 40) return;
  for (const name of ['aria-label', 'title', 'aria-labelledby']) if (el.hasAttribute(name)) writer.setAttr(el, name, null);
  if (el instanceof HTMLInputElement) writer.setAttr(el, 'value', '\u00a0');
  else blankText(writer, el);
  for (const img of Array.from(el.querySelectorAll('img[alt], svg[aria-label], [title]'))) {
    if (img.hasAttribute('alt')) writer.setAttr(img, 'alt', '');
    if (img.hasAttribute('aria-label')) writer.setAttr(img, 'aria-label', null);
    if (img.hasAttribute('title')) writer.setAttr(img, 'title', null);
  }
  const style = (el as HTMLElement).style;
  style.backgroundImage = icon(label);
  style.backgroundRepeat = 'no-repeat';
  style.backgroundPosition = 'center';
  style.minWidth = '24px';
  style.minHeight = '20px';
}

/** A control inside a row loses its name (links and labels keep theirs). */
export function unnameRowControl(writer: Writer, el: Element): void {
  if (!el.matches(kControls) || !el.closest(kRows) || el.matches('a[href], label')) return;
  for (const name of ['aria-label', 'title', 'aria-labelledby', 'placeholder', 'id']) if (el.hasAttribute(name)) writer.setAttr(el, name, null);
  const label = el.closest('label');
  if (label && label !== el) {
    for (const t of Array.from(label.childNodes)) if (t.nodeType === Node.TEXT_NODE && (t.nodeValue ?? '').trim()) writer.setText(t as Text, '');
  }
  if (el.matches('button, [role=button]')) makeIconOnly(writer, el);
}

import { attr, byIds, clean, isHtml } from './dom.ts';

/*
 * A field with no label element often has its caption written just before it (`Title:<br><input>`):
 * that text tells it from the unlabelled field beside it. Only a short caption, the field's own:
 * the text run right before it, with nothing but line breaks in between.
 */
const kMaxCaption = 40;
const kCaptionTags = new Set(['span', 'b', 'strong', 'em', 'i', 'small']);

function captionBefore(el: Element): string | null {
  const field = el.matches('input:not([type=hidden], [type=submit], [type=button], [type=reset], [type=image]), select, textarea');
  if (!field || attr(el, 'aria-label')) return null;
  for (let n = el.previousSibling; n; n = n.previousSibling) {
    if (n.nodeType === Node.TEXT_NODE && !/\S/.test(n.textContent ?? '')) continue;
    if (isHtml(n, 'br')) continue;
    const raw = n.nodeType === Node.TEXT_NODE ? n.textContent
      : n.nodeType === 1 && kCaptionTags.has((n as Element).localName) && !(n as Element).querySelector('input, select, textarea, button') ? n.textContent : null;
    const caption = clean(raw?.replace(/[\s:*]+$/, ''));
    return caption && caption.length <= kMaxCaption ? caption : null;
  }
  return null;
}

/** The element's label: its label elements, else what `aria-labelledby` names, else a caption written before it. */
export function labelOf(el: Element): string | null {
  const input = el as HTMLInputElement;
  const labels = 'labels' in input && input.labels ? Array.from(input.labels) : [];
  return clean(labels.map((l) => l.textContent ?? '').join(' ')) ?? byIds(el, attr(el, 'aria-labelledby')) ?? captionBefore(el);
}

/** Whether the element is a rich-text editor; when `toEnd`, the caret goes to its end. */
export function editable(el: Element, toEnd: boolean): boolean {
  const host = el as HTMLElement;
  if (!host.isContentEditable) return false;
  if (toEnd) {
    host.focus();
    const doc = host.ownerDocument;
    const range = doc.createRange();
    range.selectNodeContents(host);
    range.collapse(false);
    const selection = doc.defaultView?.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  }
  return true;
}

/** `editable` of the only element, else null. */
export function editableIfAlone(els: Element[], toEnd: boolean): boolean | null {
  return els.length === 1 ? editable(els[0]!, toEnd) : null;
}

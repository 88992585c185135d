import type { DomProbe } from '../../fingerprint/probe.ts';
import { containerOf } from './container.ts';
import { attr, isHtml, textOf } from './dom.ts';
import { formOf } from './form.ts';
import { iconOf } from './icon.ts';
import { labelOf } from './label.ts';
import { landmarksOf } from './landmarks.ts';
import { hrefPathOf } from './link.ts';
import { nearbyOf } from './nearby.ts';
import { cssPathOf, shadowHostsOf, xpathOf } from './paths.ts';
import { kindPeersOf } from './peers.ts';

/** Test id attributes in order of preference: Playwright's default first. */
const kTestIdAttributes = ['data-testid', 'data-test-id', 'data-test', 'data-qa', 'data-cy'];

function boxOf(el: Element): DomProbe['box'] {
  const rect = el.getBoundingClientRect();
  return rect.width || rect.height ? { x: Math.round(rect.x + scrollX), y: Math.round(rect.y + scrollY), width: Math.round(rect.width), height: Math.round(rect.height) } : null;
}

function stateOf(el: Element): DomProbe['state'] {
  const input = el as HTMLInputElement;
  const isSelect = isHtml(el, 'select');
  const hasValue = isHtml(el, 'input') || isHtml(el, 'textarea') || isSelect;
  const checkable = isHtml(el, 'input') && (input.type === 'checkbox' || input.type === 'radio');
  const ariaChecked = attr(el, 'aria-checked');
  return {
    value: hasValue && !checkable ? input.value : null,
    checked: checkable ? input.checked : ariaChecked ? ariaChecked === 'true' : null,
    selected: isSelect ? Array.from((el as HTMLSelectElement).selectedOptions).map((o) => o.label || o.text) : null,
    disabled: (el as HTMLButtonElement).disabled === true || attr(el, 'aria-disabled') === 'true',
  };
}

/** The DOM half of a fingerprint (see core/fingerprint/probe.ts), read for one element. */
export function probeElement(el: Element): DomProbe {
  const { landmarks, region } = landmarksOf(el);
  const testIdAttribute = kTestIdAttributes.find((a) => el.hasAttribute(a)) ?? null;
  return {
    tag: el.tagName.toLowerCase(),
    testId: testIdAttribute ? attr(el, testIdAttribute) : null,
    testIdAttribute,
    id: el.id || null,
    nameAttr: attr(el, 'name'),
    type: attr(el, 'type'),
    placeholder: attr(el, 'placeholder'),
    label: labelOf(el),
    text: textOf(el),
    hrefPath: hrefPathOf(el),
    title: attr(el, 'title'),
    alt: attr(el, 'alt'),
    ariaLabel: attr(el, 'aria-label'),
    icon: iconOf(el),
    classes: Array.from(el.classList),
    shadowHosts: shadowHostsOf(el),
    landmarks,
    ...nearbyOf(el),
    xpath: xpathOf(el),
    cssPath: cssPathOf(el),
    box: boxOf(el),
    state: stateOf(el),
    container: containerOf(el),
    kindPeers: kindPeersOf(el, region),
    form: formOf(el),
    lang: (el.ownerDocument.documentElement.getAttribute('lang') ?? '').trim().toLowerCase() || null,
  };
}

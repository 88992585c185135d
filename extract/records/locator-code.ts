import type { LocatorChain, LocatorStep, RoleOptions, TextMatch } from '../../core/locator/chain.ts';
import { printLocatorCode } from '../../core/locator/code.ts';
import { splitTopLevel } from '../../core/locator/split-top-level.ts';

/**
 * Renders Playwright's internal selector (as recorded in `before.params.selector`) as Playwright
 * locator code: `internal:role=button[name="Save"i]` -> `getByRole('button', { name: 'Save' })`.
 * The selector is read into a locator chain (core/locator/chain.ts) and printed by the same
 * printer histories use. Common engines get their `getBy*` form; any other part of the chain
 * stays `locator('part')`, which `page.locator()` treats exactly like the `>>` chain it came from.
 */

/** Splits on ` >> ` outside quotes and brackets. */
export function splitSelector(selector: string): string[] {
  return splitTopLevel(selector, '>>').map((part) => part.trim()).filter((part) => part.length > 0);
}

interface TextValue {
  text: TextMatch;
  exact: boolean;
}

/** Parses `"text"i`, `"text"s`, `"text"` or `/re/flags` into text and exactness; null when malformed. */
function parseTextValue(raw: string): TextValue | null {
  const text = raw.trim();
  const regex = /^\/(.*)\/([dgimsuyv]*)$/s.exec(text);
  if (regex) return { text: { source: regex[1]!, flags: regex[2]! }, exact: false };
  const quoted = /^("(?:[^"\\]|\\.)*")([is]?)$/s.exec(text);
  if (!quoted) return null;
  try {
    const value = JSON.parse(quoted[1]!) as unknown;
    if (typeof value !== 'string') return null;
    return { text: value, exact: quoted[2] === 's' };
  } catch {
    return null;
  }
}

type FlagKey = Exclude<keyof RoleOptions, 'name' | 'description' | 'exact' | 'level'>;
const kRoleFlags: Record<string, FlagKey> = {
  'checked': 'checked', 'disabled': 'disabled', 'expanded': 'expanded', 'include-hidden': 'includeHidden', 'pressed': 'pressed', 'selected': 'selected',
};

/** `button[name="Save"i][level=2]` -> `getByRole('button', { name: 'Save', level: 2 })`. */
function roleStep(body: string): LocatorStep | null {
  const match = /^([a-z]+)((?:\[.*\])*)$/s.exec(body);
  if (!match) return null;
  const options: RoleOptions = {};
  const attrs = match[2]!;
  const attrRe = /\[([a-z-]+)=((?:"(?:[^"\\]|\\.)*"[is]?)|(?:\/(?:[^/\\]|\\.)*\/[a-z]*)|[^\]]*)\]/gy;
  let consumed = 0;
  for (let m = attrRe.exec(attrs); m; m = attrRe.exec(attrs)) {
    consumed = attrRe.lastIndex;
    const [, key, value] = m as unknown as [string, string, string];
    if (key === 'name') {
      const text = parseTextValue(value);
      if (!text) return null;
      options.name = text.text;
      if (text.exact) options.exact = true;
    } else if (key === 'level' && /^-?\d+$/.test(value)) {
      options.level = Number(value);
    } else if (kRoleFlags[key] && /^(true|false)$/.test(value)) {
      options[kRoleFlags[key]] = value === 'true';
    } else if ((key === 'checked' || key === 'pressed') && (value === 'mixed' || value === '"mixed"')) {
      options[key] = 'mixed';
    } else {
      return null;
    }
  }
  if (consumed !== attrs.length) return null;
  return { kind: 'getByRole', role: match[1]!, options };
}

type TextKind = 'getByText' | 'getByLabel' | 'getByPlaceholder' | 'getByAltText' | 'getByTitle';

function textStep(kind: TextKind, raw: string): LocatorStep | null {
  const text = parseTextValue(raw);
  if (!text) return null;
  return { kind, text: text.text, ...(text.exact ? { exact: true } : {}) };
}

const kAttrMethods: Record<string, TextKind> = { placeholder: 'getByPlaceholder', alt: 'getByAltText', title: 'getByTitle' };

/** The step for one chain part, or null to fall back to `locator()`. */
function partStep(part: string): LocatorStep | null {
  const eq = part.indexOf('=');
  const engine = eq > 0 ? part.slice(0, eq).trim() : '';
  const body = eq > 0 ? part.slice(eq + 1) : '';
  switch (engine) {
    case 'internal:role': return roleStep(body);
    case 'internal:label': return textStep('getByLabel', body);
    case 'internal:text': return textStep('getByText', body);
    case 'internal:testid': {
      const m = /^\[[^=\]]+=(.*)\]$/s.exec(body);
      const text = m ? parseTextValue(m[1]!) : null;
      return text ? { kind: 'getByTestId', testId: text.text } : null;
    }
    case 'internal:attr': {
      const m = /^\[([a-z]+)=(.*)\]$/s.exec(body);
      const method = m ? kAttrMethods[m[1]!] : undefined;
      return m && method ? textStep(method, m[2]!) : null;
    }
    case 'internal:has-text': case 'internal:has-not-text': {
      // A strict (case-sensitive, whole) text filter has no locator option: it stays a selector.
      const text = parseTextValue(body);
      if (!text || text.exact) return null;
      return { kind: 'filter', options: engine === 'internal:has-text' ? { hasText: text.text } : { hasNotText: text.text } };
    }
    case 'internal:describe': {
      const text = parseTextValue(body);
      return text && typeof text.text === 'string' ? { kind: 'describe', description: text.text } : null;
    }
    case 'nth': {
      const n = Number(body.trim());
      if (!Number.isInteger(n)) return null;
      return n === 0 ? { kind: 'first' } : n === -1 ? { kind: 'last' } : { kind: 'nth', index: n };
    }
    case 'css': return { kind: 'locator', selector: body.trim() };
    default: return null;
  }
}

/** Steps that refine what comes before them: a selector cannot start with one. */
const kRefining = new Set<LocatorStep['kind']>(['filter', 'first', 'last', 'nth', 'describe']);

/** Reads a whole selector as a locator chain. */
export function selectorToChain(selector: string): LocatorChain {
  const steps: LocatorStep[] = [];
  for (const part of splitSelector(selector)) {
    if (/^internal:control\s*=\s*enter-frame$/.test(part)) {
      if (!steps.length) steps.push({ kind: 'locator', selector: 'iframe' });
      steps.push({ kind: 'contentFrame' });
      continue;
    }
    const step = partStep(part);
    steps.push(step && !(kRefining.has(step.kind) && !steps.length) ? step : { kind: 'locator', selector: part });
  }
  return steps.length ? (steps as LocatorChain) : [{ kind: 'locator', selector }];
}

/** Renders a whole selector as locator code (no `page.` prefix). */
export function selectorToCode(selector: string): string {
  return printLocatorCode(selectorToChain(selector));
}

/**
 * Renders Playwright's internal selector (as recorded in `before.params.selector`) as Playwright
 * locator code: `internal:role=button[name="Save"i]` -> `getByRole('button', { name: 'Save' })`.
 * Common engines get their `getBy*` form; any other part of the chain stays `locator('part')`,
 * which `page.locator()` treats exactly like the `>>` chain it came from.
 */

/** Splits on ` >> ` outside quotes, brackets and regex literals. */
export function splitSelector(selector: string): string[] {
  const parts: string[] = [];
  let quote: string | null = null;
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    const ch = selector[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '[' || ch === '(') depth++;
    else if (ch === ']' || ch === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && selector.startsWith('>>', i)) {
      parts.push(selector.slice(start, i).trim());
      start = i + 2;
      i++;
    }
  }
  parts.push(selector.slice(start).trim());
  return parts.filter((p) => p.length > 0);
}

export function jsString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
}

interface TextValue {
  code: string;
  exact: boolean;
}

/** Parses `"text"i`, `"text"s`, `"text"` or `/re/flags` into code and exactness; null when malformed. */
export function parseTextValue(raw: string): TextValue | null {
  const text = raw.trim();
  const regex = /^\/(.*)\/([dgimsuyv]*)$/s.exec(text);
  if (regex) return { code: `/${regex[1]}/${regex[2]}`, exact: false };
  const quoted = /^("(?:[^"\\]|\\.)*")([is]?)$/s.exec(text);
  if (!quoted) return null;
  try {
    const value = JSON.parse(quoted[1]!) as unknown;
    if (typeof value !== 'string') return null;
    return { code: jsString(value), exact: quoted[2] === 's' };
  } catch {
    return null;
  }
}

const kRoleOptionNames: Record<string, string> = {
  'checked': 'checked', 'disabled': 'disabled', 'expanded': 'expanded', 'include-hidden': 'includeHidden',
  'level': 'level', 'pressed': 'pressed', 'selected': 'selected',
};

/** `button[name="Save"i][level=2]` -> `getByRole('button', { name: 'Save', level: 2 })`. */
function roleCode(body: string): string | null {
  const match = /^([a-z]+)((?:\[.*\])*)$/s.exec(body);
  if (!match) return null;
  const options: string[] = [];
  const attrs = match[2]!;
  const attrRe = /\[([a-z-]+)=((?:"(?:[^"\\]|\\.)*"[is]?)|(?:\/(?:[^/\\]|\\.)*\/[a-z]*)|[^\]]*)\]/gy;
  let consumed = 0;
  for (let m = attrRe.exec(attrs); m; m = attrRe.exec(attrs)) {
    consumed = attrRe.lastIndex;
    const [, key, value] = m as unknown as [string, string, string];
    if (key === 'name') {
      const text = parseTextValue(value);
      if (!text) return null;
      options.push(`name: ${text.code}`);
      if (text.exact) options.push('exact: true');
    } else if (kRoleOptionNames[key]) {
      const bare = /^(true|false|-?\d+)$/.exec(value) ? value : value === 'mixed' || value === '"mixed"' ? "'mixed'" : null;
      if (bare === null) return null;
      options.push(`${kRoleOptionNames[key]}: ${bare}`);
    } else {
      return null;
    }
  }
  if (consumed !== attrs.length) return null;
  return `getByRole(${jsString(match[1]!)}${options.length ? `, { ${options.join(', ')} }` : ''})`;
}

function textCall(fn: string, raw: string): string | null {
  const text = parseTextValue(raw);
  if (!text) return null;
  return `${fn}(${text.code}${text.exact ? ', { exact: true }' : ''})`;
}

const kAttrMethods: Record<string, string> = { placeholder: 'getByPlaceholder', alt: 'getByAltText', title: 'getByTitle' };

/** Code for one chain part (without the leading dot), or null to fall back to `locator()`. */
function partCode(part: string): string | null {
  const eq = part.indexOf('=');
  const engine = eq > 0 ? part.slice(0, eq).trim() : '';
  const body = eq > 0 ? part.slice(eq + 1) : '';
  switch (engine) {
    case 'internal:role': return roleCode(body);
    case 'internal:label': return textCall('getByLabel', body);
    case 'internal:text': return textCall('getByText', body);
    case 'internal:testid': {
      const m = /^\[[^=\]]+=(.*)\]$/s.exec(body);
      const text = m ? parseTextValue(m[1]!) : null;
      return text ? `getByTestId(${text.code})` : null;
    }
    case 'internal:attr': {
      const m = /^\[([a-z]+)=(.*)\]$/s.exec(body);
      const method = m ? kAttrMethods[m[1]!] : undefined;
      return m && method ? textCall(method, m[2]!) : null;
    }
    case 'internal:has-text': {
      const text = parseTextValue(body);
      return text ? `filter({ hasText: ${text.code} })` : null;
    }
    case 'internal:has-not-text': {
      const text = parseTextValue(body);
      return text ? `filter({ hasNotText: ${text.code} })` : null;
    }
    case 'internal:describe': {
      const text = parseTextValue(body);
      return text ? `describe(${text.code})` : null;
    }
    case 'nth': {
      const n = Number(body.trim());
      if (!Number.isInteger(n)) return null;
      return n === 0 ? 'first()' : n === -1 ? 'last()' : `nth(${n})`;
    }
    case 'css': return `locator(${jsString(body.trim())})`;
    default: return null;
  }
}

/** Renders a whole selector as locator code (no `page.` prefix). */
export function selectorToCode(selector: string): string {
  const parts = splitSelector(selector);
  const out: string[] = [];
  for (const part of parts) {
    if (/^internal:control\s*=\s*enter-frame$/.test(part)) {
      out.push(out.length ? 'contentFrame()' : `locator('iframe').contentFrame()`);
      continue;
    }
    const code = partCode(part);
    if (code && /^(filter|first|last|nth|describe)\b/.test(code) && !out.length) {
      out.push(`locator(${jsString(part)})`);
      continue;
    }
    out.push(code ?? `locator(${jsString(part)})`);
  }
  return out.length ? out.join('.') : `locator(${jsString(selector)})`;
}

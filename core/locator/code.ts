import { LocatorChain, TextMethod, type FilterOptions, type LocatorStep, type RegexText, type RoleOptions, type TextMatch } from './chain.ts';

/**
 * Locator code, the form a history keeps locators in: Playwright's public locator API as
 * `Locator.toString()` prints it (`getByRole('button', { name: 'Save' })`,
 * `locator('iframe').contentFrame().getByLabel('Email').nth(0)`), read into a typed chain and
 * printed back. Pure: no Playwright. The grammar is a chain of calls joined by `.` (an optional
 * leading `page.`), each taking strings ('single', "double" or `plain template` quotes with
 * JavaScript escapes), regular expression literals, integers, booleans, `{ key: value }` objects
 * and, for `filter({ has })`, `and()`, `or()` and `locator()`, nested chains. The printer writes
 * what Playwright writes: single quotes, options in Playwright's order.
 */

export class LocatorCodeError extends Error {
  constructor(readonly code: string, readonly part: string, reason: string) {
    super(`cannot read locator code ${JSON.stringify(shorten(code))}: ${reason}${part && part !== code ? ` (in ${JSON.stringify(shorten(part))})` : ''}`);
    this.name = 'LocatorCodeError';
  }
}

/** Error messages quote at most this much of the code. */
const kQuoteChars = 200;

function shorten(text: string): string {
  return text.length > kQuoteChars ? `${text.slice(0, kQuoteChars)}…` : text;
}

/** Code that starts like a locator call (MCP targets and plan targets tell it from a selector so). */
export function looksLikeLocatorCode(text: string): boolean {
  return /^(?:page\.)?(?:getBy[A-Za-z]+|locator|frameLocator|first|last|nth)\(/.test(text.trim());
}

type Value =
  | { type: 'string'; value: string }
  | { type: 'regex'; value: RegexText }
  | { type: 'number'; value: number }
  | { type: 'boolean'; value: boolean }
  | { type: 'object'; entries: Map<string, Value> }
  | { type: 'chain'; value: LocatorChain };

const kSimpleEscapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', '0': '\0' };

class Reader {
  pos = 0;
  constructor(readonly text: string) {}

  fail(reason: string, from = this.pos, to = this.text.length): never {
    throw new LocatorCodeError(this.text, this.text.slice(from, to).trim(), reason);
  }

  skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos]!)) this.pos++;
  }

  peek(): string {
    this.skipSpace();
    return this.text[this.pos] ?? '';
  }

  expect(char: string, what: string): void {
    if (this.peek() !== char) this.fail(`expected ${JSON.stringify(char)} ${what}, found ${this.pos < this.text.length ? JSON.stringify(this.text[this.pos]) : 'the end'}`, this.pos, this.pos + 20);
    this.pos++;
  }

  identifier(): string {
    this.skipSpace();
    const match = /^[A-Za-z_$][\w$]*/.exec(this.text.slice(this.pos));
    if (!match) this.fail('expected a locator method', this.pos, this.pos + 20);
    this.pos += match[0].length;
    return match[0];
  }

  chain(): LocatorChain {
    this.skipSpace();
    if (/^page\s*\./.test(this.text.slice(this.pos))) this.pos = this.text.indexOf('.', this.pos) + 1;
    const steps: LocatorStep[] = [];
    for (;;) {
      steps.push(this.step());
      if (this.peek() !== '.') return steps as LocatorChain;
      this.pos++;
    }
  }

  step(): LocatorStep {
    this.skipSpace();
    const start = this.pos;
    const name = this.identifier();
    this.expect('(', `after ${name}`);
    const args: Value[] = [];
    while (this.peek() !== ')') {
      args.push(this.value());
      if (this.peek() !== ',') break;
      this.pos++;
    }
    this.expect(')', `to close ${name}(`);
    return toStep(name, args, (reason) => this.fail(reason, start, this.pos));
  }

  value(): Value {
    const ch = this.peek();
    if (ch === "'" || ch === '"' || ch === '`') return { type: 'string', value: this.string() };
    if (ch === '/') return { type: 'regex', value: this.regex() };
    if (ch === '{') return this.object();
    const number = /^-?\d+(?:\.\d+)?(?![\w$])/.exec(this.text.slice(this.pos));
    if (number) {
      this.pos += number[0].length;
      return { type: 'number', value: Number(number[0]) };
    }
    const literal = /^(true|false)(?![\w$])/.exec(this.text.slice(this.pos));
    if (literal) {
      this.pos += literal[0].length;
      return { type: 'boolean', value: literal[1] === 'true' };
    }
    if (/[A-Za-z_$]/.test(ch)) return { type: 'chain', value: this.chain() };
    return this.fail(`expected a value, found ${ch ? JSON.stringify(ch) : 'the end'}`, this.pos, this.pos + 20);
  }

  string(): string {
    const start = this.pos;
    const quote = this.text[this.pos++]!;
    let out = '';
    while (this.pos < this.text.length) {
      const ch = this.text[this.pos++]!;
      if (ch === quote) return out;
      if (ch === '\n' && quote !== '`') break;
      if (quote === '`' && ch === '$' && this.text[this.pos] === '{') this.fail('template substitutions are not locator code', start, this.pos + 1);
      if (ch !== '\\') {
        out += ch;
        continue;
      }
      const next = this.text[this.pos++] ?? '';
      if (next === 'x' || next === 'u') {
        const braced = next === 'u' && this.text[this.pos] === '{';
        const hex = braced ? /^\{([0-9a-fA-F]{1,6})\}/.exec(this.text.slice(this.pos)) : new RegExp(`^[0-9a-fA-F]{${next === 'x' ? 2 : 4}}`).exec(this.text.slice(this.pos));
        if (!hex) this.fail(`malformed \\${next} escape`, start, this.pos + 8);
        const code = parseInt(braced ? hex[1]! : hex[0], 16);
        if (code > 0x10ffff) this.fail('code point out of range', start, this.pos + 8);
        out += braced ? String.fromCodePoint(code) : String.fromCharCode(code);
        this.pos += hex[0].length;
      } else if (next === '\r' || next === '\n') {
        if (next === '\r' && this.text[this.pos] === '\n') this.pos++;
      } else {
        out += kSimpleEscapes[next] !== undefined && !(next === '0' && /\d/.test(this.text[this.pos] ?? '')) ? kSimpleEscapes[next] : next;
      }
    }
    return this.fail('unterminated string', start, start + 40);
  }

  regex(): RegexText {
    const start = this.pos++;
    let inClass = false;
    for (; this.pos < this.text.length; this.pos++) {
      const ch = this.text[this.pos]!;
      if (ch === '\n') break;
      if (ch === '\\') this.pos++;
      else if (ch === '[') inClass = true;
      else if (ch === ']') inClass = false;
      else if (ch === '/' && !inClass) {
        const source = this.text.slice(start + 1, this.pos);
        const flags = /^[A-Za-z]*/.exec(this.text.slice(this.pos + 1))![0];
        this.pos += 1 + flags.length;
        if (!source) this.fail('empty regular expression', start, this.pos);
        try {
          new RegExp(source, flags);
        } catch (err) {
          this.fail(`invalid regular expression (${err instanceof Error ? err.message : String(err)})`, start, this.pos);
        }
        return { source, flags };
      }
    }
    return this.fail('unterminated regular expression', start, start + 40);
  }

  object(): Value {
    const start = this.pos;
    this.expect('{', 'to open options');
    const entries = new Map<string, Value>();
    while (this.peek() !== '}') {
      const ch = this.peek();
      const key = ch === "'" || ch === '"' ? this.string() : this.identifier();
      if (entries.has(key)) this.fail(`option ${key} given twice`, start, this.pos);
      this.expect(':', `after option ${key}`);
      entries.set(key, this.value());
      if (this.peek() !== ',') break;
      this.pos++;
    }
    this.expect('}', 'to close options');
    return { type: 'object', entries };
  }
}

type Fail = (reason: string) => never;

function textOf(value: Value | undefined, what: string, fail: Fail): TextMatch {
  if (value?.type === 'string' || value?.type === 'regex') return value.value;
  return fail(`${what} must be a string or a regular expression`);
}

function options(value: Value | undefined, allowed: readonly string[], fail: Fail): Map<string, Value> {
  if (value === undefined) return new Map();
  if (value.type !== 'object') return fail('expected an options object { ... }');
  for (const key of value.entries.keys()) if (!allowed.includes(key)) fail(`unknown option ${key} (expected ${allowed.join(', ')})`);
  return value.entries;
}

function bool(value: Value, key: string, fail: Fail): boolean {
  return value.type === 'boolean' ? value.value : fail(`${key} must be true or false`);
}

function nested(value: Value | undefined, what: string, fail: Fail): LocatorChain {
  return value?.type === 'chain' ? value.value : fail(`${what} must be a locator`);
}

const kRoleKeys = ['name', 'description', 'exact', 'checked', 'disabled', 'selected', 'expanded', 'includeHidden', 'level', 'pressed'] as const;
const kFilterKeys = ['hasText', 'hasNotText', 'has', 'hasNot', 'visible'] as const;

function roleOptions(value: Value | undefined, fail: Fail): RoleOptions {
  const out: RoleOptions = {};
  for (const [key, v] of options(value, kRoleKeys, fail)) {
    if (key === 'name' || key === 'description') out[key] = textOf(v, key, fail);
    else if (key === 'level') out.level = v.type === 'number' && Number.isInteger(v.value) ? v.value : fail('level must be an integer');
    else if ((key === 'checked' || key === 'pressed') && v.type === 'string' && v.value === 'mixed') out[key] = 'mixed';
    else out[key as Exclude<(typeof kRoleKeys)[number], 'name' | 'description' | 'level'>] = bool(v, key, fail);
  }
  return out;
}

function filterOptions(value: Value | undefined, keys: readonly string[], fail: Fail): FilterOptions {
  const out: FilterOptions = {};
  for (const [key, v] of options(value, keys, fail)) {
    if (key === 'hasText' || key === 'hasNotText') out[key] = textOf(v, key, fail);
    else if (key === 'has' || key === 'hasNot') out[key] = nested(v, key, fail);
    else out.visible = bool(v, key, fail);
  }
  return out;
}

function arity(name: string, args: Value[], min: number, max: number, fail: Fail): void {
  if (args.length < min || args.length > max) fail(`${name}() takes ${min === max ? min : `${min} to ${max}`} argument${max === 1 ? '' : 's'}, got ${args.length}`);
}

function toStep(name: string, args: Value[], fail: Fail): LocatorStep {
  const text = TextMethod.safeParse(name);
  if (text.success) {
    arity(name, args, 1, 2, fail);
    const exact = options(args[1], ['exact'], fail).get('exact');
    return { kind: text.data, text: textOf(args[0], `${name}'s text`, fail), ...(exact ? { exact: bool(exact, 'exact', fail) } : {}) };
  }
  switch (name) {
    case 'locator': {
      arity(name, args, 1, 2, fail);
      const selector = args[0]!.type === 'string' ? args[0]!.value : nested(args[0], 'the argument of locator()', fail);
      const filter = filterOptions(args[1], kFilterKeys.slice(0, 4), fail);
      return { kind: 'locator', selector, ...(Object.keys(filter).length ? { options: filter } : {}) };
    }
    case 'getByRole': {
      arity(name, args, 1, 2, fail);
      const role = args[0]!.type === 'string' ? args[0]!.value : fail('the role must be a string');
      return { kind: 'getByRole', role, options: roleOptions(args[1], fail) };
    }
    case 'getByTestId':
      arity(name, args, 1, 1, fail);
      return { kind: 'getByTestId', testId: textOf(args[0], 'the test id', fail) };
    case 'filter':
      arity(name, args, 0, 1, fail);
      return { kind: 'filter', options: filterOptions(args[0], kFilterKeys, fail) };
    case 'nth': {
      arity(name, args, 1, 1, fail);
      const index = args[0]!.type === 'number' && Number.isInteger(args[0]!.value) ? args[0]!.value : fail('nth() takes an integer');
      return { kind: 'nth', index };
    }
    case 'first': case 'last': case 'visible': case 'contentFrame':
      arity(name, args, 0, 0, fail);
      return { kind: name };
    case 'and': case 'or':
      arity(name, args, 1, 1, fail);
      return { kind: name, chain: nested(args[0], `the argument of ${name}()`, fail) };
    case 'frameLocator':
      arity(name, args, 0, 1, fail);
      return { kind: 'frameLocator', selector: args[0] === undefined ? null : args[0].type === 'string' ? args[0].value : fail('frameLocator() takes a selector string') };
    case 'describe':
      arity(name, args, 1, 1, fail);
      return { kind: 'describe', description: args[0]!.type === 'string' ? args[0]!.value : fail('describe() takes a string') };
    default:
      return fail(`${name}() is not a locator method brow-use reads`);
  }
}

/** Reads locator code into its chain; throws LocatorCodeError naming the part it could not read. */
export function parseLocatorCode(code: string): LocatorChain {
  const reader = new Reader(code);
  if (!code.trim()) reader.fail('the code is empty');
  const chain = reader.chain();
  reader.skipSpace();
  if (reader.pos < code.length) reader.fail('unexpected text after the locator', reader.pos);
  return LocatorChain.parse(chain);
}

/** The chain, or the reason it cannot be read. */
export function tryParseLocatorCode(code: string): { ok: true; chain: LocatorChain } | { ok: false; error: string } {
  try {
    return { ok: true, chain: parseLocatorCode(code) };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * A JavaScript string literal in single quotes, escaped the way Playwright prints locators:
 * JSON's escapes, with `"` left bare and `'` escaped.
 */
export function quote(text: string): string {
  const json = JSON.stringify(text);
  return `'${json.slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

function printText(text: TextMatch): string {
  return typeof text === 'string' ? quote(text) : `/${text.source}/${text.flags}`;
}

/** A chain passed to another (`has`, `and`, `locator(chain)`): from the page when `root` is given. */
function printNested(chain: LocatorChain, root: string | undefined): string {
  return root ? `${root}.${printLocatorCode(chain, root)}` : printLocatorCode(chain);
}

function printValue(value: TextMatch | boolean | number | LocatorChain, root: string | undefined): string {
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return printNested(value, root);
  return printText(value);
}

function printOptions(entries: [string, TextMatch | boolean | number | LocatorChain | undefined][], root?: string): string {
  const set = entries.filter((entry): entry is [string, TextMatch | boolean | number | LocatorChain] => entry[1] !== undefined);
  return set.length ? `{ ${set.map(([key, value]) => `${key}: ${printValue(value, root)}`).join(', ')} }` : '';
}

function printFilter(options: FilterOptions, root: string | undefined): string {
  return printOptions([['hasText', options.hasText], ['hasNotText', options.hasNotText], ['has', options.has], ['hasNot', options.hasNot], ['visible', options.visible]], root);
}

function printStep(step: LocatorStep, root: string | undefined): string {
  switch (step.kind) {
    case 'locator': {
      const filter = step.options ? printFilter(step.options, root) : '';
      return `locator(${typeof step.selector === 'string' ? quote(step.selector) : printNested(step.selector, root)}${filter ? `, ${filter}` : ''})`;
    }
    case 'getByRole': {
      const roleOptions = printOptions(kRoleKeys.map((key) => [key, step.options[key]]));
      return `getByRole(${quote(step.role)}${roleOptions ? `, ${roleOptions}` : ''})`;
    }
    case 'getByText': case 'getByLabel': case 'getByPlaceholder': case 'getByAltText': case 'getByTitle':
      return `${step.kind}(${printText(step.text)}${step.exact !== undefined ? `, { exact: ${step.exact} }` : ''})`;
    case 'getByTestId': return `getByTestId(${printText(step.testId)})`;
    case 'filter': return `filter(${printFilter(step.options, root)})`;
    case 'nth': return `nth(${step.index})`;
    case 'first': case 'last': case 'visible': case 'contentFrame': return `${step.kind}()`;
    case 'and': case 'or': return `${step.kind}(${printNested(step.chain, root)})`;
    case 'frameLocator': return `frameLocator(${step.selector === null ? '' : quote(step.selector)})`;
    case 'describe': return `describe(${quote(step.description)})`;
  }
}

/**
 * The chain as locator code, without a `page.` prefix. As `Locator.toString()` prints it, a chain
 * passed to another (`filter({ has: getByText('x') })`) has none either; with `root` (`page`,
 * `this.page`) it is looked up from there, which is what compiles in a test.
 */
export function printLocatorCode(chain: LocatorChain, root?: string): string {
  return chain.map((step) => printStep(step, root)).join('.');
}

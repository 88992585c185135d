import { hash } from './writer.ts';

/**
 * The classes mutant: every class name hashed. The page's rules are copied under the hashed names
 * (styles follow), and the page's own ways to find and test classes still answer to the old names
 * (the app's own selectors follow).
 */

const kPrefix = 'h';

type Queries = { querySelector: unknown; querySelectorAll: unknown };

export class ClassRenaming {
  private readonly hashedOf = new Map<string, string>();
  private readonly origOf = new Map<string, string>();
  // Rules already copied, per sheet: sheets grow while the app runs (CSS-in-JS inserts rules as
  // components first render), so every look copies only what is new.
  private readonly copied = new WeakMap<CSSStyleSheet, Set<string>>();
  private copyStyle: HTMLStyleElement | null = null;

  /** The hashed name of class `name` (a hashed name stays). */
  hashed(name: string): string {
    if (this.origOf.has(name)) return name;
    let h = this.hashedOf.get(name);
    if (!h) {
      h = `${kPrefix}${hash(`c:${name}`)}`;
      this.hashedOf.set(name, h);
      this.origOf.set(h, name);
    }
    return h;
  }

  /** `el`'s classes hashed. */
  rehash(el: Element): void {
    const value = el.getAttribute('class');
    if (!value) return;
    const next = value.split(/\s+/).filter(Boolean).map((c) => this.hashed(c)).join(' ');
    if (next !== value.trim()) el.setAttribute('class', next);
  }

  /** Copies the rules of the page's sheets not copied yet, renamed, into a sheet of the mutant's own. */
  copySheets(): void {
    let added = '';
    for (const sheet of Array.from(document.styleSheets)) {
      if (sheet.ownerNode === this.copyStyle) continue;
      try {
        const seen = this.copied.get(sheet) ?? new Set<string>();
        this.copied.set(sheet, seen);
        added += this.copyRules(sheet.cssRules, seen);
      } catch {
        // a cross-origin sheet: its rules cannot be read
      }
    }
    if (!added) return;
    this.copyStyle ??= document.createElement('style');
    this.copyStyle.appendChild(document.createTextNode(added));
    if (!this.copyStyle.isConnected) document.head?.appendChild(this.copyStyle);
  }

  /** Patches the page's functions so the app's scripts keep finding their classes; copies the rules as sheets load. */
  install(): void {
    this.patchQueries();
    this.patchClassReads();
    this.patchTokenList();
    this.patchInsertRule();
    document.addEventListener('load', () => this.copySheets(), true);
    document.addEventListener('DOMContentLoaded', () => this.copySheets());
    window.addEventListener('load', () => this.copySheets());
  }

  private unhash(list: string): string {
    return list.split(/\s+/).map((c) => this.origOf.get(c) ?? c).join(' ');
  }

  /** A selector that matches an old class name or its hash. */
  private translateSelector(selector: string): string {
    return selector.replace(/\.(-?[_a-zA-Z][\w-]*)/g, (_, name: string) => `:is(.${name},.${this.hashed(name)})`);
  }

  /** A selector of hashed names. */
  private renamed(selector: string): string {
    return selector.replace(/\.(-?[_a-zA-Z][\w-]*)/g, (_, name: string) => `.${this.hashed(name)}`);
  }

  private copyRules(rules: CSSRuleList, seen: Set<string>): string {
    let out = '';
    for (const rule of Array.from(rules)) {
      if (seen.has(rule.cssText)) continue;
      seen.add(rule.cssText);
      if (rule instanceof CSSStyleRule && rule.selectorText.includes('.')) {
        out += `${this.renamed(rule.selectorText)}{${rule.style.cssText}}\n`;
      } else if (rule instanceof CSSMediaRule) {
        out += `@media ${rule.conditionText}{${this.copyRules(rule.cssRules, new Set())}}\n`;
      }
    }
    return out;
  }

  private patchQueries(): void {
    const translate = (s: string) => this.translateSelector(s);
    const patch = (proto: Queries) => {
      const qs = proto.querySelector as (this: ParentNode, s: string) => Element | null;
      const qsa = proto.querySelectorAll as (this: ParentNode, s: string) => NodeListOf<Element>;
      proto.querySelector = function (this: ParentNode, s: string) { return qs.call(this, translate(s)); };
      proto.querySelectorAll = function (this: ParentNode, s: string) { return qsa.call(this, translate(s)); };
    };
    patch(Document.prototype);
    patch(Element.prototype);
    patch(DocumentFragment.prototype);
    const matches = Element.prototype.matches;
    const closest = Element.prototype.closest;
    (Element.prototype as { matches: (s: string) => boolean }).matches = function (this: Element, s: string) { return matches.call(this, translate(s)); };
    Element.prototype.closest = function (s: string) { return closest.call(this, translate(s)); };
  }

  private patchClassReads(): void {
    const hashedList = (names: string) => names.split(/\s+/).filter(Boolean).map((c) => this.hashed(c)).join(' ');
    const unhash = (list: string) => this.unhash(list);
    const byClass = Document.prototype.getElementsByClassName;
    Document.prototype.getElementsByClassName = function (names: string) { return byClass.call(this, hashedList(names)); };
    const elByClass = Element.prototype.getElementsByClassName;
    Element.prototype.getElementsByClassName = function (names: string) { return elByClass.call(this, hashedList(names)); };
    const getAttribute = Element.prototype.getAttribute;
    // jQuery and friends read the class attribute as a string: they see the names they set.
    Element.prototype.getAttribute = function (name: string) {
      const value = getAttribute.call(this, name);
      return name === 'class' && value ? unhash(value) : value;
    };
  }

  private patchTokenList(): void {
    const hashed = (name: string) => this.hashed(name);
    const tokens = DOMTokenList.prototype;
    const contains = tokens.contains;
    const remove = tokens.remove;
    tokens.contains = function (token: string) { return contains.call(this, token) || contains.call(this, hashed(token)); };
    tokens.remove = function (...names: string[]) { remove.call(this, ...names, ...names.map(hashed)); };
    tokens.toggle = function (token: string, force?: boolean) {
      const want = force ?? !this.contains(token);
      if (want) this.add(token);
      else this.remove(token);
      return want;
    };
  }

  /** Rules inserted one by one (CSS-in-JS in production) get their renamed copy at once. */
  private patchInsertRule(): void {
    const insertRule = CSSStyleSheet.prototype.insertRule;
    const copy = (rule: string) => this.copyInserted(rule, insertRule);
    CSSStyleSheet.prototype.insertRule = function (this: CSSStyleSheet, rule: string, index?: number) {
      const at = insertRule.call(this, rule, index);
      copy(rule);
      return at;
    };
  }

  /** A renamed copy of a rule the app inserted, through the page's own `insertRule`. */
  private copyInserted(rule: string, insertRule: CSSStyleSheet['insertRule']): void {
    const brace = rule.indexOf('{');
    if (brace <= 0 || !rule.slice(0, brace).includes('.') || rule.startsWith('@')) return;
    try {
      // Into a sheet of its own: the app keeps counting the rules of its sheets.
      this.copyStyle ??= document.createElement('style');
      if (!this.copyStyle.isConnected) document.head?.appendChild(this.copyStyle);
      const sheet = this.copyStyle.sheet;
      if (sheet) insertRule.call(sheet, `${this.renamed(rule.slice(0, brace))}${rule.slice(brace)}`, sheet.cssRules.length);
    } catch {
      // a selector the copy cannot hold: the app's own rule stays
    }
  }
}

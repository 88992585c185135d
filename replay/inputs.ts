import { appBaseURL } from '../core/base-url.ts';
import { secretEnvName, secretFromEnv } from '../core/secret-env.ts';
import { UsageError } from '../core/errors.ts';
import type { History, HistoryStep } from '../core/schema/history.ts';
import { Provenance } from '../core/secret-provenance.ts';
import { urlMatches } from './verify.ts';

/**
 * What a replay substitutes into a recorded history: `{{var:NAME}}` and `{{secret:NAME}}` values,
 * and the address the app now lives at. Pure.
 */

const kPlaceholder = /\{\{(secret|var):([A-Za-z0-9_]+)\}\}/g;

export interface Substitutions {
  vars: Record<string, string>;
  secrets: Record<string, string>;
}

/** Names of secrets and variables a history refers to (declared or used in params). */
export function referencedNames(history: History): { secrets: Set<string>; vars: Set<string> } {
  const secrets = new Set(history.secrets);
  const vars = new Set(Object.keys(history.variables));
  for (const step of history.steps) {
    for (const match of JSON.stringify(step.params).matchAll(kPlaceholder)) {
      (match[1] === 'secret' ? secrets : vars).add(match[2]!);
    }
  }
  return { secrets, vars };
}

/** Parses `--var k=v` flags. */
export function parseVarFlags(flags: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const flag of flags) {
    const eq = flag.indexOf('=');
    if (eq <= 0) throw new UsageError(`--var ${flag}: expected NAME=VALUE`, 'e.g. --var query=Lamp');
    out[flag.slice(0, eq)] = flag.slice(eq + 1);
  }
  return out;
}

/**
 * Values for every placeholder: variables from flags, else their recorded values; secrets from
 * `BU_SECRET_<NAME>`. A missing secret or variable is bad input, found before any browser starts.
 */
export function resolveSubstitutions(history: History, varFlags: Record<string, string>, env: NodeJS.ProcessEnv): Substitutions {
  const { secrets: secretNames, vars: varNames } = referencedNames(history);
  const secrets: Record<string, string> = {};
  const missing: string[] = [];
  for (const name of secretNames) {
    const value = secretFromEnv(name, env);
    if (value === undefined) missing.push(secretEnvName(name));
    else secrets[name] = value;
  }
  if (missing.length) {
    throw new UsageError(`the history needs secret(s) that are not set: ${missing.join(', ')}`, `export ${missing[0]}=... and run again`);
  }
  const vars: Record<string, string> = {};
  for (const name of varNames) {
    const value = varFlags[name] ?? history.variables[name];
    if (value === undefined) throw new UsageError(`the history needs variable ${name}`, `pass --var ${name}=VALUE`);
    vars[name] = value;
  }
  for (const [name, value] of Object.entries(varFlags)) vars[name] ??= value;
  return { vars, secrets };
}

export function substitute(text: string, subs: Substitutions): string {
  return text.replace(kPlaceholder, (whole, kind: string, name: string) =>
    (kind === 'secret' ? subs.secrets[name] : subs.vars[name]) ?? whole,
  );
}

/** `text` redacted as a report is once every secret in `secrets` was typed. */
export function redact(text: string, secrets: Record<string, string>): string {
  return new ReportRedactor(secrets).usesAll().text(text);
}

/**
 * Redacts a replay's report by provenance, as capture redacts what it records (see
 * core/secret-provenance.ts): a secret counts from the first step that types or sends it (its
 * parameters or its URLs name it) on, and then only where it can be an echo of that. What the app
 * shows on its own stays: `/siteadmin.php` when the secret is `admin`, a short secret inside a
 * longer word, the path of a URL.
 */
export class ReportRedactor {
  private readonly provenance: Provenance;

  constructor(secrets: Record<string, string>) {
    this.provenance = new Provenance(new Map(Object.entries(secrets).filter(([, value]) => value !== '')));
  }

  /** Before `step`'s report: the secrets it types or sends count as typed from now on. */
  uses(step: Pick<HistoryStep, 'params' | 'pre' | 'post'>): void {
    for (const match of JSON.stringify([step.params, step.pre.url, step.post.url]).matchAll(kPlaceholder)) {
      if (match[1] === 'secret') this.provenance.markTyped(match[2]!);
    }
  }

  /** Every secret counts as typed from now on. */
  usesAll(): this {
    for (const name of this.provenance.names) this.provenance.markTyped(name);
    return this;
  }

  /** `text` redacted; before a secret is typed, its occurrences are remembered as the app's own. */
  text(text: string): string {
    this.provenance.learn(text);
    return this.provenance.redact(text).text;
  }

  /** Deep copy of a JSON value with every string redacted. */
  deep<T>(value: T): T {
    if (typeof value === 'string') return this.text(value) as T;
    if (Array.isArray(value)) return value.map((v) => this.deep(v)) as T;
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.deep(v)])) as T;
    return value;
  }
}

/** A learnt id replaced where a text shows it (see `textWithIds`): eight hex digits or more, a UUID's dashes among them. */
const kIdInText = /^[0-9a-f][0-9a-f-]{7,}$/i;

/**
 * Moves recorded URLs onto another address. A base URL
 * with no path of its own (`http://b/`) replaces the recorded origin and keeps every recorded
 * path; one with a path (`http://b/app/v2/`) takes the place of the recorded start URL's
 * directory, and other URLs on the recorded origin move to the new origin with their paths.
 * Query and hash are kept. Recorded variable values in a URL are replaced by this run's values.
 */
export class Rebaser {
  /** Recorded prefix -> new prefix, most specific first; empty without a base URL. */
  private readonly moves: [string, string][];
  /** Ids the server handed out differently this time (recorded -> now), applied to later URLs. */
  private readonly learned = new Map<string, string>();
  /** Whole addresses reached elsewhere this time (recorded, as moved -> now), see `learnAddress`. */
  private readonly addresses = new Map<string, string>();
  /** Addresses the app sent an opened address to this time (now -> asked), see `learnRedirect`. */
  private readonly redirects = new Map<string, string>();

  constructor(
    startUrl: string,
    baseUrl: string | null,
    private readonly recordedVars: Record<string, string> = {},
    private readonly vars: Record<string, string> = {},
    /** Values for `{{secret:NAME}}` in recorded URLs (capture wrote a secret in a URL as its placeholder). */
    private readonly secrets: Record<string, string> = {},
  ) {
    this.moves = baseUrl ? rebaseMoves(startUrl, baseUrl) : [];
  }

  url(recorded: string): string {
    let out = recorded.replace(kPlaceholder, (whole, kind: string, name: string) => {
      const value = kind === 'secret' ? this.secrets[name] : undefined;
      return value === undefined ? whole : encodeURIComponent(value);
    });
    const move = this.moves.find(([from]) => out.startsWith(from));
    if (move) out = move[1] + out.slice(move[0].length);
    for (const [name, value] of Object.entries(this.recordedVars)) {
      const now = this.vars[name];
      if (now === undefined || now === value || !value) continue;
      out = out.split(encodeURIComponent(value)).join(encodeURIComponent(now)).split(value).join(now);
    }
    out = this.applyLearned(out);
    return this.addresses.get(out) ?? out;
  }

  /**
   * Remembers that the recorded address `from` (as this run moves it) is `to` in this run: where a
   * followed link leads now (a build that routes `#!open` for `#/open`), so the steps recorded on
   * that page expect the page there.
   */
  learnAddress(from: string, to: string): void {
    if (from !== to) this.addresses.set(from, to);
  }

  /**
   * Remembers that an address the replay opened itself (`asked`, as this run moves it: its start,
   * a navigate step's) now answers at `landed`, where the recording was shown the page at the
   * address it asked for: a release that routes the page under another name (a translated special
   * page, a moved route) shows it there. The steps recorded at that address look for their
   * elements on the page it leads to now, so they fail at the first element that changed, not at
   * the address; `redirectOf` says where it led for that failure's message.
   */
  learnRedirect(asked: string, landed: string): void {
    if (!/^https?:/.test(landed) || urlMatches(asked, landed, false)) return;
    this.addresses.set(asked, landed);
    this.redirects.set(landed, asked);
  }

  /** `the app now answers <asked> at <landed>` when `recorded` (as moved) is an address learnt by `learnRedirect`, else null. */
  redirectOf(recorded: string): string | null {
    const now = this.url(recorded);
    const asked = this.redirects.get(now);
    return asked === undefined ? null : `the app now answers ${asked} at ${now}`;
  }

  /** Remembers that the recorded id `from` is `to` in this run (e.g. a record created during the replay). */
  learn(from: string, to: string): void {
    this.learned.set(from, to);
  }

  /**
   * `text` with the learnt ids written in it replaced by this run's (a link that shows its own
   * address, a record's id in its caption). Only ids of eight hex digits or more (a UUID, a hash):
   * a short number in a text may as well be a count, and a moved path is no id.
   */
  textWithIds(text: string): string {
    let out = text;
    for (const [from, to] of this.learned) {
      if (!kIdInText.test(from) || !out.includes(from)) continue;
      out = out.replace(new RegExp(`(^|[^0-9A-Za-z])${from}(?![0-9A-Za-z])`, 'g'), (_, lead: string) => `${lead}${to}`);
    }
    return out;
  }

  private applyLearned(url: string): string {
    if (!this.learned.size) return url;
    try {
      const parsed = new URL(url, 'http://relative.invalid');
      parsed.pathname = parsed.pathname.split('/').map((seg) => this.learned.get(seg) ?? seg).join('/');
      for (const [key, value] of Array.from(parsed.searchParams.entries())) {
        const now = this.learned.get(value);
        if (now !== undefined) parsed.searchParams.set(key, now);
      }
      return parsed.origin === 'http://relative.invalid' ? parsed.pathname + parsed.search + parsed.hash : parsed.href;
    } catch {
      return url;
    }
  }

  /** A path (+search) on the recorded origin, as stored in fingerprints' hrefPath. */
  path(recorded: string | null): string | null {
    if (recorded === null) return null;
    if (!this.moves.length || !recorded.startsWith('/')) return this.applyLearned(recorded);
    const move = this.moves.map(([from, to]) => [new URL(from).pathname, new URL(to).pathname] as const).find(([from]) => recorded.startsWith(from));
    return this.applyLearned(move ? move[1] + recorded.slice(move[0].length) : recorded);
  }

  /** Whether this run changes variable values (ids in URLs may then differ). */
  get varsChanged(): boolean {
    return Object.entries(this.vars).some(([name, value]) => this.recordedVars[name] !== undefined && this.recordedVars[name] !== value);
  }
}

/**
 * The prefixes a base URL moves: the recorded start URL's directory to the new base
 * (core/base-url.ts), and the rest of the recorded origin to the new origin.
 */
export function rebaseMoves(startUrl: string, baseUrl: string): [string, string][] {
  try {
    const start = new URL(startUrl);
    const base = new URL(baseUrl);
    return [[new URL('.', start).href, appBaseURL(baseUrl, startUrl)], [`${start.origin}/`, `${base.origin}/`]];
  } catch {
    return [];
  }
}

import { UsageError } from '../../core/errors.ts';
import { kPlaceholderPattern, secretPlaceholder } from '../../core/conventions.ts';
import { secretForms } from '../../core/secret-forms.ts';

export { base64Forms, secretForms } from '../../core/secret-forms.ts';

/**
 * Secret and variable values for one capture. Plans and policies only ever see
 * `{{secret:NAME}}`; the value is substituted at execution time and every byte that capture
 * writes goes through `redact*`, which replaces the value in every encoding a browser, a trace
 * or a JSON writer produces (raw, URL-encoded, form-encoded, JSON-escaped, HTML-escaped, base64).
 */

const kSecretEnvPrefix = 'BU_SECRET_';
const kSecretName = /^[A-Za-z0-9_]+$/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface SecretsInit {
  secrets: Record<string, string>;
  variables?: Record<string, string>;
}

export class Secrets {
  private readonly values: Map<string, string>;
  private readonly variables: Map<string, string>;
  private readonly pattern: RegExp | null;
  private readonly replacements = new Map<string, string>();
  private readonly byteForms: { from: Buffer; to: Buffer }[] = [];

  constructor(init: SecretsInit) {
    this.values = new Map(Object.entries(init.secrets));
    this.variables = new Map(Object.entries(init.variables ?? {}));
    const all: string[] = [];
    for (const [name, value] of this.values) {
      for (const form of secretForms(value)) {
        if (this.replacements.has(form)) continue;
        this.replacements.set(form, secretPlaceholder(name));
        all.push(form);
      }
    }
    all.sort((a, b) => b.length - a.length);
    this.pattern = all.length ? new RegExp(all.map(escapeRegExp).join('|'), 'g') : null;
    for (const form of all) {
      this.byteForms.push({ from: Buffer.from(form, 'utf8'), to: Buffer.from(this.replacements.get(form)!, 'utf8') });
    }
  }

  /** Reads `BU_SECRET_<NAME>` for each name; a missing one is a usage error (before any browser starts). */
  static fromEnv(names: string[], env: NodeJS.ProcessEnv, variables: Record<string, string> = {}): Secrets {
    const secrets: Record<string, string> = {};
    for (const name of names) {
      if (!kSecretName.test(name)) throw new UsageError(`--secret ${name}: a secret name uses only letters, digits and _`);
      const value = env[`${kSecretEnvPrefix}${name.toUpperCase()}`] ?? env[`${kSecretEnvPrefix}${name}`];
      if (value === undefined || value === '') {
        throw new UsageError(
          `secret ${name} has no value: ${kSecretEnvPrefix}${name.toUpperCase()} is not set`,
          `export ${kSecretEnvPrefix}${name.toUpperCase()}=... before running, or drop --secret ${name}`,
        );
      }
      secrets[name] = value;
    }
    return new Secrets({ secrets, variables });
  }

  get secretNames(): string[] {
    return [...this.values.keys()];
  }

  get variableValues(): Record<string, string> {
    return Object.fromEntries(this.variables);
  }

  /** Replaces `{{secret:NAME}}` and `{{var:NAME}}` with their values; unknown names are an error. */
  substitute(text: string): string {
    return text.replace(kPlaceholderPattern, (_match, kind: string, name: string) => {
      const table = kind === 'secret' ? this.values : this.variables;
      const value = table.get(name);
      if (value === undefined) {
        const flag = kind === 'secret' ? `--secret ${name}` : `--var ${name}=...`;
        throw new UsageError(`{{${kind}:${name}}} is used but not given`, `pass ${flag}`);
      }
      return value;
    });
  }

  /** `substitute` applied to every string inside a params object. */
  substituteParams<T>(params: T): T {
    return mapStrings(params, (text) => this.substitute(text));
  }

  redactText(text: string): string {
    return this.pattern ? text.replace(this.pattern, (form) => this.replacements.get(form) ?? form) : text;
  }

  redactDeep<T>(value: T): T {
    return this.pattern ? mapStrings(value, (text) => this.redactText(text)) : value;
  }

  /** Byte-level replacement for binary or unknown-encoding content (trace entries). */
  redactBytes(data: Buffer): { data: Buffer; hits: number } {
    let hits = 0;
    let out = data;
    for (const { from, to } of this.byteForms) {
      let at = out.indexOf(from);
      if (at < 0) continue;
      const parts: Buffer[] = [];
      let last = 0;
      while (at >= 0) {
        parts.push(out.subarray(last, at), to);
        hits++;
        last = at + from.length;
        at = out.indexOf(from, last);
      }
      parts.push(out.subarray(last));
      out = Buffer.concat(parts);
    }
    return { data: out, hits };
  }

  get isEmpty(): boolean {
    return this.pattern === null;
  }
}

function mapStrings<T>(value: T, fn: (text: string) => string): T {
  if (typeof value === 'string') return fn(value) as T;
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, fn)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, fn)])) as T;
  }
  return value;
}

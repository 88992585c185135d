import { UsageError } from '../../core/errors.ts';
import { kPlaceholderPattern, secretPlaceholder } from '../../core/conventions.ts';
import { kShortSecret, Provenance } from '../../core/secret-provenance.ts';
import { secretEnvName, secretFromEnv } from '../../core/secret-env.ts';

export { base64Forms, secretForms } from '../../core/secret-forms.ts';

/**
 * Secret and variable values for one capture. Plans and policies only ever see
 * `{{secret:NAME}}`; the value is substituted at execution time, which marks the secret as typed,
 * and every byte that capture writes goes through `redact*`, which replaces it by provenance (see
 * `provenance.ts`): wherever it was typed or echoed back, in every encoding a browser, a trace or a
 * JSON writer produces, but never in what the app showed before it was typed.
 */

const kSecretName = /^[A-Za-z0-9_]+$/;
/** Keys whose string values are typed positions in recorded objects (an input's value, a cookie's). */
const kTypedKeys = new Set(['value', 'params']);

export interface SecretsInit {
  secrets: Record<string, string>;
  variables?: Record<string, string>;
}

export class Secrets {
  private readonly values: Map<string, string>;
  private readonly variables: Map<string, string>;
  readonly provenance: Provenance;

  constructor(init: SecretsInit) {
    this.values = new Map(Object.entries(init.secrets));
    this.variables = new Map(Object.entries(init.variables ?? {}));
    this.provenance = new Provenance(this.values);
  }

  /** Reads `BU_SECRET_<NAME>` for each name; a missing one is a usage error (before any browser starts). */
  static fromEnv(names: string[], env: NodeJS.ProcessEnv, variables: Record<string, string> = {}): Secrets {
    const secrets: Record<string, string> = {};
    for (const name of names) {
      if (!kSecretName.test(name)) throw new UsageError(`--secret ${name}: a secret name uses only letters, digits and _`);
      const value = secretFromEnv(name, env);
      if (value === undefined || value === '') {
        throw new UsageError(
          `secret ${name} has no value: ${secretEnvName(name)} is not set`,
          `export ${secretEnvName(name)}=... before running, or drop --secret ${name}`,
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

  /** Replaces `{{secret:NAME}}` and `{{var:NAME}}` with their values; unknown names are an error. A substituted secret counts as typed from now on. */
  substitute(text: string): string {
    return text.replace(kPlaceholderPattern, (_match, kind: string, name: string) => {
      const table = kind === 'secret' ? this.values : this.variables;
      const value = table.get(name);
      if (value === undefined) {
        const flag = kind === 'secret' ? `--secret ${name}` : `--var ${name}=...`;
        throw new UsageError(`{{${kind}:${name}}} is used but not given`, `pass ${flag}`);
      }
      if (kind === 'secret') this.provenance.markTyped(name);
      return value;
    });
  }

  /** `substitute` applied to every string inside a params object. */
  substituteParams<T>(params: T): T {
    return mapStrings(params, (text) => this.substitute(text));
  }

  /** Marks secrets as typed already (a resumed capture whose earlier part typed them). */
  markTyped(names: readonly string[]): void {
    for (const name of names) this.provenance.markTyped(name);
  }

  /** Remembers where secrets occur in the app's own text or URL before they are typed; returns warnings for first finds. */
  learn(text: string): string[] {
    return this.provenance.learn(text).map(({ name, excerpt }) =>
      `secret ${name} occurs in the app's own text or address before it is typed ("…${this.redactValue(name, excerpt)}…"): it is kept there and wherever the same words come back; it is redacted where it is typed, in input values and request bodies, and where else it appears after it was typed`);
  }

  /** Warnings to show when a capture starts: short secrets, and secrets in the start URL. */
  startWarnings(url: string): string[] {
    const warnings: string[] = [];
    for (const [name, value] of this.values) {
      if (value.length < kShortSecret) {
        warnings.push(`secret ${name} is only ${value.length} characters long: it is redacted where it is typed, in input values and request bodies, and where it stands as a word of its own after it was typed; inside longer words, encoded payloads and URL paths it is kept, so recorded addresses and text stay intact`);
      }
    }
    return [...warnings, ...this.learn(url)];
  }

  /** An excerpt for a warning: the secret itself shown as its placeholder. */
  private redactValue(name: string, text: string): string {
    const value = this.values.get(name);
    return value ? text.split(value).join(secretPlaceholder(name)) : text;
  }

  /** Page text, URLs, logs: secrets replaced where they were typed or echoed, never in what the app showed before. */
  redactText(text: string): string {
    return this.provenance.redact(text, 'shown').text;
  }

  /** Typed positions (what was typed, input values, request bodies): every spelling of a typed secret is replaced. */
  redactTyped(text: string): string {
    return this.provenance.redact(text, 'typed').text;
  }

  /**
   * Every spelling of every secret, typed or not, wherever it stands: for what goes to a model and
   * its log. A model never needs the value, and a placeholder it copies back is substituted again.
   */
  redactAll(text: string): string {
    return this.provenance.redact(text, 'all').text;
  }

  /** `redactText` on every string of an object; strings under `value` and `params` are typed positions. */
  redactDeep<T>(value: T): T {
    return this.provenance.isEmpty ? value : redactObject(value, false, this.provenance);
  }

  get isEmpty(): boolean {
    return this.provenance.isEmpty;
  }
}

function redactObject<T>(value: T, typed: boolean, provenance: Provenance): T {
  if (typeof value === 'string') return provenance.redact(value, typed ? 'typed' : 'shown').text as T;
  if (Array.isArray(value)) return value.map((item) => redactObject(item, typed, provenance)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactObject(item, typed || kTypedKeys.has(key), provenance)])) as T;
  }
  return value;
}

function mapStrings<T>(value: T, fn: (text: string) => string): T {
  if (typeof value === 'string') return fn(value) as T;
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, fn)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, fn)])) as T;
  }
  return value;
}

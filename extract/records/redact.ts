import { secretPlaceholder } from '../../core/conventions.ts';
import type { Call, TraceModel } from './model.ts';
import { phaseKey } from './model.ts';

/**
 * Defence in depth for secrets. Capture already writes `{{secret:NAME}}` instead of secret values,
 * but Playwright stores fill values in clear text, so extract also redacts the typed value of any
 * typing action aimed at a password field, and then scrubs every other occurrence of that value
 * (aria snapshots, console text, URLs) from its output.
 */

/** What a redacted value becomes; generate turns it into `BU_SECRET_PASSWORD`. */
export const kRedactedValue = secretPlaceholder('password');
/** Values shorter than this are not scrubbed from free text: too many false hits. */
const kMinScrubLength = 4;

/** Methods whose `value`/`text` (and single-character `key`) params type into the target. */
const kTypingMethods = new Set(['fill', 'type', 'press', 'pressSequentially', 'insertText']);

/** A selector that names a password field: label/name/placeholder/id containing "password", or `type=password`. */
const kPasswordSelector = /pass(?:word|wd|code|phrase)|\bpwd\b|type\s*=\s*["']?password/i;
/** Playwright's "locator resolved to <input ... type="password">" call log line. */
const kPasswordResolved = /resolved to <input\b[^>]*\btype="password"/i;
const kPlaceholderOnly = /^\{\{(secret|var):[A-Za-z0-9_]+\}\}$/;

export interface Redaction {
  params: Record<string, unknown>;
  redacted: { param: string; reason: string }[];
}

/** Why this call targets a password field, or null. */
export function passwordReason(call: Call, model: TraceModel): string | null {
  const selector = typeof call.params.selector === 'string' ? call.params.selector : '';
  if (model.snapshots.get(phaseKey(call.callId, 'action'))?.targetIsPassword) return 'target is an input of type password (DOM snapshot)';
  if (call.logs.some((l) => kPasswordResolved.test(l.message))) return 'target resolved to an input of type password (call log)';
  if (kPasswordSelector.test(selector)) return 'selector names a password field';
  return null;
}

export class SecretScrubber {
  private readonly values = new Set<string>();

  /** Redacts typing params of `call` when it targets a password field; returns params without `selector`. */
  redactCall(call: Call, model: TraceModel): Redaction {
    const { selector: _selector, ...params } = call.params;
    const redacted: Redaction['redacted'] = [];
    if (!kTypingMethods.has(call.method)) return { params, redacted };
    const reason = passwordReason(call, model);
    if (!reason) return { params, redacted };
    for (const key of ['value', 'text', 'key'] as const) {
      const value = params[key];
      if (typeof value !== 'string' || kPlaceholderOnly.test(value)) continue;
      if (key === 'key' && [...value].length !== 1) continue;
      params[key] = kRedactedValue;
      redacted.push({ param: key, reason });
      if (value.length >= kMinScrubLength) this.values.add(value);
    }
    return { params, redacted };
  }

  get count(): number {
    return this.values.size;
  }

  /** Replaces every redacted value inside `text`. */
  scrub(text: string): string {
    if (!this.values.size) return text;
    let out = text;
    for (const value of this.values) if (out.includes(value)) out = out.split(value).join(kRedactedValue);
    return out;
  }

  /** Scrubs every string inside a JSON-like value (returns a copy when something changed). */
  scrubDeep<T>(value: T): T {
    if (!this.values.size) return value;
    if (typeof value === 'string') return this.scrub(value) as T;
    if (Array.isArray(value)) return value.map((v) => this.scrubDeep(v)) as T;
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = this.scrubDeep(v);
      return out as T;
    }
    return value;
  }
}

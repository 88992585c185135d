import { UsageError } from '../core/errors.ts';
import { kPlaceholderPattern } from '../core/conventions.ts';
import type { CaptureSettings } from './capture-settings.ts';

/** Every `{{secret:X}}`/`{{var:X}}` in `value` must be given (`--secret`, `--var`), checked before a capture starts. */
export function checkPlaceholders(value: unknown, settings: CaptureSettings, where: string): void {
  const text = JSON.stringify(value);
  for (const [, kind, name] of text.matchAll(kPlaceholderPattern)) {
    const known = kind === 'secret' ? settings.secrets.secretNames.includes(name!) : name! in settings.secrets.variableValues;
    if (!known) throw new UsageError(`${where} uses {{${kind}:${name}}} but it is not given`, kind === 'secret' ? `pass --secret ${name} and set BU_SECRET_${name!.toUpperCase()}` : `pass --var ${name}=...`);
  }
}

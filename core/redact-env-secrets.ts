import { secretPlaceholder } from './conventions.ts';
import { secretForms } from './secret-forms.ts';
import { kSecretEnvPrefix } from './secret-env.ts';

/**
 * `text` with every spelling of each `BU_SECRET_*` value in `env` replaced by its placeholder
 * (`{{secret:NAME}}`): for what a program other than capture prints (a reset command's output)
 * before it reaches an error message, a report or a trace. One pass, longest spelling first, so a
 * placeholder already written is never matched again.
 */
export function redactEnvSecrets(text: string, env: NodeJS.ProcessEnv): string {
  const names = new Map<string, string>();
  for (const [key, value] of Object.entries(env)) {
    if (!key.startsWith(kSecretEnvPrefix) || !value) continue;
    for (const form of secretForms(value)) if (!names.has(form)) names.set(form, key.slice(kSecretEnvPrefix.length));
  }
  if (!names.size) return text;
  const forms = [...names.keys()].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(forms.map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  return text.replace(pattern, (form) => secretPlaceholder(names.get(form)!));
}

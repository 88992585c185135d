import path from 'node:path';
import { secretFromEnv } from '../core/secret-env.ts';
import type { LoadedConfig } from '../core/config/load-config.ts';
import type { CommandDef } from './command.ts';

/**
 * Options a command did not get on its command line take their value from brow-use.config.ts
 * (flags > environment > config file > defaults; the settings with an environment variable are
 * merged into the environment instead, see withConfigEnv).
 */

type ValueSource = (key: string) => string | undefined;

/** The secret names of the file whose value is set: the file lists what a flow may use, not what every run needs. */
function secretsWithValues(names: readonly string[], env: NodeJS.ProcessEnv): string[] {
  return names.filter((name) => secretFromEnv(name, env));
}

function offers(def: CommandDef, flag: string): boolean {
  return (def.options ?? []).some((option) => option.flags.split(/[ ,]+/).includes(flag));
}

export function applyConfigDefaults(def: CommandDef, options: Record<string, unknown>, source: ValueSource, loaded: LoadedConfig | null, env: NodeJS.ProcessEnv = process.env): Record<string, unknown> {
  if (!loaded) return options;
  const { config, dir } = loaded;
  const out = { ...options };
  const unset = (key: string) => source(key) !== 'cli' && (out[key] === undefined || source(key) === 'default');
  // A plan's own url beats the project's base URL: `bu capture script` falls back to it itself.
  if (config.baseURL && def.name !== 'script' && offers(def, '--url') && unset('url')) out.url = config.baseURL;
  if (config.baseURL && offers(def, '--base-url') && unset('baseUrl')) out.baseUrl = config.baseURL;
  if (config.allowDomains?.length && offers(def, '--allow-domain') && unset('allowDomain')) out.allowDomain = [...config.allowDomains];
  if (config.secrets?.length && offers(def, '--secret') && unset('secret')) out.secret = secretsWithValues(config.secrets, env);
  if (config.generatedDir && offers(def, '--out') && unset('out')) out.out = path.resolve(dir, config.generatedDir);
  return out;
}

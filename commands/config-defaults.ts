import path from 'node:path';
import { secretFromEnv } from '../core/secret-env.ts';
import type { LoadedConfig } from '../core/config/load-config.ts';
import type { AnyCommandDef } from './command.ts';

/**
 * Inputs a command was not given take their value from brow-use.config.ts (flags > environment >
 * config file > the schema's defaults; the settings with an environment variable are merged into
 * the environment instead, see withConfigEnv).
 */

/** The secret names of the file whose value is set: the file lists what a flow may use, not what every run needs. */
function secretsWithValues(names: readonly string[], env: NodeJS.ProcessEnv): string[] {
  return names.filter((name) => secretFromEnv(name, env));
}

export function applyConfigDefaults(def: AnyCommandDef, given: Record<string, unknown>, loaded: LoadedConfig | null, env: NodeJS.ProcessEnv = process.env): Record<string, unknown> {
  if (!loaded) return given;
  const { config, dir } = loaded;
  const out = { ...given };
  const unset = (key: string) => key in def.input.shape && out[key] === undefined;
  // A plan's own url beats the project's base URL: `bu capture script` falls back to it itself.
  if (config.baseURL && def.name !== 'script' && unset('url')) out.url = config.baseURL;
  if (config.baseURL && unset('baseUrl')) out.baseUrl = config.baseURL;
  if (config.allowDomains?.length && unset('allowDomains')) out.allowDomains = [...config.allowDomains];
  if (config.secrets?.length && unset('secrets')) out.secrets = secretsWithValues(config.secrets, env);
  if (config.generatedDir && unset('out')) out.out = path.resolve(dir, config.generatedDir);
  return out;
}

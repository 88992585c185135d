/**
 * Where a secret's value comes from: `BU_SECRET_<NAME>`, the name in upper case as documented,
 * else as it was written (`BU_SECRET_pw`). Capture, replay, the config file's secrets and redaction
 * read it here; generated code writes the same rule out (generate/emit/support.ts).
 */
export const kSecretEnvPrefix = 'BU_SECRET_';

/** The documented variable of a secret: `password` -> `BU_SECRET_PASSWORD`. */
export function secretEnvName(name: string): string {
  return `${kSecretEnvPrefix}${name.toUpperCase()}`;
}

/** The secret's value in `env`, or undefined when neither spelling is set. */
export function secretFromEnv(name: string, env: NodeJS.ProcessEnv): string | undefined {
  return env[secretEnvName(name)] ?? env[`${kSecretEnvPrefix}${name}`];
}

import { z } from 'zod';

/**
 * `brow-use.config.ts`: a project's settings, read by every `bu` command. Precedence, as in
 * Playwright: command-line flags > environment > this file > built-in defaults.
 */

const kSecretName = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const BrowUseConfig = z.strictObject({
  /** The app under test: the start address of captures without --url, the base of replays and generated tests. */
  baseURL: z.url({ protocol: /^https?$/ }).optional(),
  /** Where traces, histories, extracts and reports go (like BU_OUTPUT); relative to the config file. */
  outputDir: z.string().min(1).optional(),
  /** Where `bu generate` writes page objects, workflows, specs and docs (like --out); relative to the config file. */
  generatedDir: z.string().min(1).optional(),
  /** Hosts a capture may reach (like --allow-domain); subdomains included. */
  allowDomains: z.array(z.string().min(1)).optional(),
  /** Secret names a capture knows when their value is set in BU_SECRET_<NAME> (like --secret). */
  secrets: z.array(z.string().regex(kSecretName, 'a secret name uses only letters, digits and _')).optional(),
  /** The model for captures and naming (like BU_MODEL). */
  model: z.string().min(1).optional(),
});
export type BrowUseConfig = z.infer<typeof BrowUseConfig>;

/** Types a brow-use.config.ts: `export default defineConfig({ baseURL: 'http://localhost:3000' })`. */
export function defineConfig(config: BrowUseConfig): BrowUseConfig {
  return config;
}

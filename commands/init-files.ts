import { kPlanSchemaFile } from '../core/schema/plan-json-schema.ts';

/**
 * What `bu init` writes into a project: brow-use.config.ts, the folder for generated tests with
 * its Playwright config, a first plan and the .gitignore lines. Pure: the texts depend only on the options.
 */

export interface InitOptions {
  baseURL: string;
  outputDir: string;
  generatedDir: string;
}

export const kDefaultInit: InitOptions = {
  baseURL: 'http://localhost:3000/',
  outputDir: 'output',
  generatedDir: 'e2e',
};

export const kConfigFile = 'brow-use.config.ts';

export function configText(options: InitOptions): string {
  return `import { defineConfig } from 'brow-use';

/**
 * brow-use settings for this project, read by every \`bu\` command.
 * Command-line flags and environment variables (BU_OUTPUT, BU_MODEL) win over this file.
 */
export default defineConfig({
  /** The app under test: where captures start, and the base URL of replays and generated tests. */
  baseURL: ${JSON.stringify(options.baseURL)},
  /** Traces, histories, extracts and reports. They can hold typed values: keep them out of git. */
  outputDir: ${JSON.stringify(options.outputDir)},
  /** Where \`bu generate\` writes page objects, workflows, specs and docs. */
  generatedDir: ${JSON.stringify(options.generatedDir)},
  /** Hosts a capture may reach (default: the start URL's host). */
  allowDomains: [],
  /** Secret names flows use; values come from BU_SECRET_<NAME>, never from this file. */
  secrets: [],
  /** The model for model-driven captures and naming (needs OPENAI_API_KEY or OPENAI_BASE_URL). */
  // model: 'gpt-4.1-mini',
});
`;
}

/** How to import the project config from the generated-tests folder. */
function configImport(generatedDir: string): string {
  const depth = generatedDir.split(/[\\/]+/).filter((part) => part && part !== '.').length;
  return `${'../'.repeat(depth) || './'}${kConfigFile}`;
}

export function playwrightConfigText(options: InitOptions): string {
  return `import { defineConfig } from '@playwright/test';
import { appBaseURL, browserLaunchOptions, type BrowUseOptions } from 'brow-use/test';
import project from '${configImport(options.generatedDir)}';

/**
 * Runs the specs \`bu generate\` writes into tests/ here: \`npx playwright test -c ${options.generatedDir}\`.
 * BASE_URL moves the baseURL of ${kConfigFile}: another host keeps its path, a path of its own replaces it. The browser is the one \`bu\` uses: BU_BROWSER,
 * else Playwright's own Chromium, else a system Chromium or Chrome, with brow-use's launch flags.
 */
export default defineConfig<BrowUseOptions>({
  testDir: 'tests',
  outputDir: 'test-results',
  // The flows were recorded one after another against one app: they may depend on its state.
  fullyParallel: false,
  workers: 1,
  use: {
    baseURL: appBaseURL(process.env.BASE_URL, project.baseURL),
    launchOptions: browserLaunchOptions(),
    trace: 'retain-on-failure',
    /** A shell command that puts the app's test data back, run before each spec tagged @changes-data (default: BU_RESET_COMMAND). */
    // resetCommand: 'npm run db:reset',
  },
});
`;
}

/** The first plan: it works on any app (nothing to find), names the schema editors check it with. */
export const kExamplePlan = 'plans/example.json';

export function examplePlanText(): string {
  const depth = kExamplePlan.split('/').length - 1;
  const plan = {
    $schema: `${'../'.repeat(depth)}node_modules/brow-use/${kPlanSchemaFile}`,
    version: 1,
    steps: [
      { scroll: { down: true } },
      { done: { text: 'opened the app and scrolled down', success: true } },
    ],
  };
  return `${JSON.stringify(plan, null, 2)}\n`;
}

/** Dev dependencies the generated code needs in the project (type checks and the test runner). */
export const kProjectDevDependencies = ['@playwright/test', 'typescript', '@types/node'];

/** Lines `bu init` adds to .gitignore, creating it when absent (outputs can hold typed values). */
export function gitignoreLines(options: InitOptions): string[] {
  const out = options.outputDir.replace(/^\.\//, '').replace(/\/$/, '');
  return [`/${out}/`, '/.brow-use/', `/${options.generatedDir.replace(/^\.\//, '').replace(/\/$/, '')}/test-results/`];
}

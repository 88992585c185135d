import type { Project } from 'ts-morph';
import { VariableDeclarationKind } from '../ts-morph.ts';
import { generatedTsconfigText } from '../../core/generated-tsconfig.ts';
import { kDefaultTestIdAttribute } from '../model/locate.ts';
import { kTestHelperModule } from './context.ts';
import { stampProvenance } from './provenance.ts';
import { createSource, printSource } from './source.ts';
import { kSecretsModule } from './workflow.ts';
import { str } from '../../core/locator/model-code.ts';

/**
 * The files around the generated code: `playwright.config.ts` and `tsconfig.json` (written only
 * when absent), and the secrets helper the workflows use.
 */

export interface ConfigOptions {
  /** The recorded base URL (origin and start directory). */
  baseUrl: string;
  /** Set in the config when it is not Playwright's default. */
  testIdAttribute: string;
  /** How to import the project's brow-use.config.ts (its `baseURL`); null without one. */
  projectConfig: string | null;
}

export function emitConfig(project: Project, options: ConfigOptions): { file: string; text: string } {
  const file = 'playwright.config.ts';
  const source = createSource(project, `/gen/${file}`);
  source.addImportDeclaration({ moduleSpecifier: '@playwright/test', namedImports: ['defineConfig'] });
  source.addImportDeclaration({ moduleSpecifier: kTestHelperModule, namedImports: ['appBaseURL', 'browserLaunchOptions', 'type BrowUseOptions'] });
  if (options.projectConfig) source.addImportDeclaration({ moduleSpecifier: options.projectConfig, defaultImport: 'project' });
  const configured = options.projectConfig ? ', else the baseURL of brow-use.config.ts' : '';
  source.addVariableStatement({
    declarationKind: VariableDeclarationKind.Const,
    docs: [
      'Where the flows were recorded: generated URLs are relative to it. The specs go where BASE_URL says'
      + `${configured}, else here.\nA base without a path (\`http://ci:8080\`) keeps this path; a base with a path`
      + ' (`http://ci:8080/app/`) is where this directory is served now.',
    ],
    declarations: [{ name: 'recordedBase', initializer: str(options.baseUrl) }],
  });
  source.addVariableStatement({
    declarationKind: VariableDeclarationKind.Const,
    docs: [
      "Runs the generated specs one at a time (flows change the app's data) in the Chromium `bu` uses: BU_BROWSER, else Playwright's own, else a system Chromium."
      + "\nA spec tagged @changes-data first runs `use.resetCommand` (or BU_RESET_COMMAND) when set: a shell command that puts the app's test data back (`resetCommand: 'npm run db:reset'`).",
    ],
    declarations: [{
      name: 'config',
      initializer: (writer) => writer.write('defineConfig<BrowUseOptions>(').inlineBlock(() => {
        writer.writeLine("testDir: 'tests',");
        writer.writeLine("outputDir: 'test-results',");
        writer.writeLine('fullyParallel: false,');
        writer.writeLine('workers: 1,');
        writer.write('use: ').inlineBlock(() => {
          writer.writeLine(`baseURL: appBaseURL(process.env.BASE_URL${options.projectConfig ? ' || project.baseURL' : ''}, recordedBase),`);
          writer.writeLine('launchOptions: browserLaunchOptions(),');
          writer.writeLine("trace: 'retain-on-failure',");
          if (options.testIdAttribute !== kDefaultTestIdAttribute) writer.writeLine(`testIdAttribute: ${str(options.testIdAttribute)},`);
        }).write(',');
      }).write(')'),
    }],
  });
  source.addExportAssignment({ isExportEquals: false, expression: 'config' });
  // The nested object literal comes out of the writer one level too deep; the formatter settles it.
  source.formatText({ indentSize: 2, convertTabsToSpaces: true });
  return { file, text: printSource(source).replace(/;\n\/\*\*/g, ';\n\n/**') };
}

export function emitTsconfig(): { file: string; text: string } {
  return { file: 'tsconfig.json', text: generatedTsconfigText() };
}

export function emitSecrets(project: Project): { file: string; text: string } {
  const source = createSource(project, `/gen/${kSecretsModule}`);
  source.addFunction({
    name: 'requireSecret',
    isExported: true,
    parameters: [{ name: 'name', type: 'string' }],
    returnType: 'string',
    statements: [
      'const value = process.env[`BU_SECRET_${name.toUpperCase()}`] ?? process.env[`BU_SECRET_${name}`];',
      'if (value === undefined) throw new Error(`set BU_SECRET_${name.toUpperCase()} to run this flow`);',
      'return value;',
    ],
    docs: ['Reads a secret from `BU_SECRET_<NAME>`: recordings never hold secret values, and neither does this code.'],
  });
  stampProvenance(source);
  return { file: kSecretsModule, text: printSource(source) };
}

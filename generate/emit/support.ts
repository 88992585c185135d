import { VariableDeclarationKind, type Project } from 'ts-morph';
import { kQuietArgs } from '../../core/browser.ts';
import { stampProvenance } from './provenance.ts';
import { createSource, printSource, str } from './source.ts';
import { kSecretsModule } from './workflow.ts';

/**
 * The files around the generated code: `playwright.config.ts` and `tsconfig.json` (written only
 * when absent), and the secrets helper the workflows use.
 */

export function emitConfig(project: Project, origin: string): { file: string; text: string } {
  const file = 'playwright.config.ts';
  const source = createSource(project, `/gen/${file}`);
  source.addImportDeclaration({ moduleSpecifier: '@playwright/test', namedImports: ['defineConfig'] });
  source.addVariableStatement({
    declarationKind: VariableDeclarationKind.Const,
    docs: ['Chromium flags that keep the browser quiet on a closed network.'],
    declarations: [{ name: 'quietArgs', initializer: `[${kQuietArgs.map(str).join(', ')}]` }],
  });
  source.addVariableStatement({
    declarationKind: VariableDeclarationKind.Const,
    docs: ["Chromium's sandbox does not start as root (containers, CI images)."],
    declarations: [{ name: 'sandboxArgs', initializer: "process.getuid?.() === 0 ? ['--no-sandbox'] : []" }],
  });
  source.addVariableStatement({
    declarationKind: VariableDeclarationKind.Const,
    docs: ["Runs the generated specs against BASE_URL (default: the recorded origin) in Chromium: BU_BROWSER, else Playwright's own."],
    declarations: [{
      name: 'config',
      initializer: (writer) => writer.write('defineConfig(').inlineBlock(() => {
        writer.writeLine("testDir: 'tests',");
        writer.writeLine("outputDir: 'test-results',");
        writer.writeLine('fullyParallel: false,');
        writer.write('use: ').inlineBlock(() => {
          writer.writeLine(`baseURL: process.env.BASE_URL ?? ${str(origin)},`);
          writer.writeLine('launchOptions: { executablePath: process.env.BU_BROWSER || undefined, args: [...quietArgs, ...sandboxArgs] },');
        }).write(',');
      }).write(')'),
    }],
  });
  source.addExportAssignment({ isExportEquals: false, expression: 'config' });
  // The nested object literal comes out of the writer one level too deep; the formatter settles it.
  source.formatText({ indentSize: 2, convertTabsToSpaces: true });
  return { file, text: printSource(source) };
}

const kTsconfig = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noEmit: true,
    allowImportingTsExtensions: true,
    skipLibCheck: true,
    types: ['node'],
  },
  include: ['**/*.ts'],
};

export function emitTsconfig(): { file: string; text: string } {
  return { file: 'tsconfig.json', text: JSON.stringify(kTsconfig, null, 2) + '\n' };
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

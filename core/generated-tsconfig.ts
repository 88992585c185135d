/**
 * The tsconfig.json for the folder of generated code: `bu generate` writes it beside the specs and
 * `bu init` writes it when the project has none, so `npx tsc -p <folder>` type-checks them strictly.
 */

const kGeneratedTsconfig = {
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

export function generatedTsconfigText(): string {
  return JSON.stringify(kGeneratedTsconfig, null, 2) + '\n';
}

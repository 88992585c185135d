import path from 'node:path';

/**
 * Bundles in-page code (core/in-page/: ordinary TypeScript typed against the DOM) into scripts the
 * page runs. Each function an entry module exports becomes one self-contained script: esbuild
 * bundles only what that function reaches, as an IIFE that leaves the function at `__inPage.run`.
 * The IIFE exports nothing (it assigns the function), so no module helpers (`__export`,
 * `__toCommonJS`, about a kilobyte) come with each script, and the code reads as written.
 * What `InPageEntry` (core/in-page.ts) sends is built from that text, never from a function's
 * `toString()`: no loader's helpers (`__name(...)`) reach the page, and the modules import each
 * other like any other.
 *
 * `npm run build` writes every function's script of core's entry into dist/ (`writeBundles`), so
 * the package never bundles at run time; running from the TypeScript sources, a function is
 * bundled the first time the process asks for it.
 */

/** Where the script leaves its function (a `var` local to the page function around it). */
export const kBundleGlobal = '__inPage';

/** The scripts of an entry, by the name of the function each one runs. */
export type Bundles = Record<string, string>;

/** The names of the functions `entryFile` exports. */
export async function entryExports(entryFile: string): Promise<string[]> {
  const { build } = await import('esbuild');
  const result = await build({ entryPoints: [entryFile], bundle: true, format: 'esm', platform: 'browser', write: false, metafile: true, outdir: 'out', logLevel: 'silent' });
  return Object.values(result.metafile.outputs).flatMap((output) => output.exports).sort();
}

/**
 * The script of each of `names` (default: every function `entryFile` exports), each on its own:
 * `var __inPage = {}; (() => { ... __inPage.run = fn; })();`.
 */
export async function bundleInPage(entryFile: string, names?: readonly string[]): Promise<Bundles> {
  const { build } = await import('esbuild');
  const wanted = names ?? (await entryExports(entryFile));
  const scripts = await Promise.all(wanted.map(async (name) => {
    const result = await build({
      stdin: {
        contents: `import { ${name} } from ${JSON.stringify(`./${path.basename(entryFile)}`)};\n${kBundleGlobal}.run = ${name};`,
        // Named apart from every module of the folder: a function named after its own file
        // (`editable` in editable.ts) would otherwise import itself, and bundle as `void 0`.
        resolveDir: path.dirname(entryFile), loader: 'ts', sourcefile: `${name}.entry.ts`,
      },
      bundle: true,
      format: 'iife',
      banner: { js: `var ${kBundleGlobal} = {};` },
      platform: 'browser',
      // Pages run what Chromium, Firefox and WebKit of Playwright's range run: no lowering needed.
      target: 'es2022',
      legalComments: 'none',
      write: false,
      logLevel: 'silent',
    });
    return [name, result.outputFiles[0]!.text] as const;
  }));
  return Object.fromEntries(scripts);
}

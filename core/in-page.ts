import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { bundleInPage, kBundleGlobal, type Bundles } from './in-page-bundle.ts';

/**
 * Calls into the code that runs in the page (core/in-page/), typed by its own signatures.
 *
 * The in-page code is ordinary TypeScript bundled by esbuild into one script per function (see
 * in-page-bundle.ts). `fn(name)` is a page function for `evaluate`, `evaluateAll` or
 * `locator.evaluate`, typed as the in-page function is, so Playwright checks the argument and the
 * result against it; `source(name)` is the same as text (for an evaluation over DevTools);
 * `initScript(name, arg)` runs the function at the start of every document (`addInitScript`), with
 * its one argument, if it takes one, written into the script as JSON.
 *
 * Where the scripts come from: the package reads the scripts `npm run build` wrote beside this
 * module (dist/core/in-page/bundles.json) and never bundles; from the TypeScript sources (the
 * suite, `bu` in a checkout) there is no such file, and each function is bundled with esbuild the
 * first time the process asks for it, then kept.
 */

/** The names of `M`'s exported functions. */
export type InPageName<M> = { [K in keyof M]: M[K] extends (...args: never[]) => unknown ? K : never }[keyof M] & string;

/** What an init script hands `F`: nothing, or its one argument (a JSON value, as `evaluate`'s is). */
export type InitScriptArg<F> = F extends () => void ? [] : F extends (arg: infer A) => void ? [arg: A] : never;

/** The text of a function expression the page runs, typed as the function it is. */
export type PageFunctionSource<F> = string & { readonly __function?: F };

/**
 * `value` as JSON in plain ASCII with no `<`, as esbuild writes the bundles: a script that reads
 * the same in a page of any encoding, and inside the page's own `<script>` whatever the value says.
 * Both only ever stand in a JSON string, where `\uXXXX` means the same character.
 */
function scriptJson(value: unknown): string {
  return (JSON.stringify(value) ?? 'undefined').replace(/[<\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const BuiltBundles = z.record(z.string(), z.string());

export class InPageEntry<M> {
  private readonly scripts = new Map<string, Promise<string>>();
  private readonly functions = new Map<string, Promise<unknown>>();
  private built: Bundles | null | undefined;

  /** `entryFile`: the entry module's TypeScript source; `builtFile`: where a build wrote its scripts. */
  constructor(private readonly entryFile: URL, private readonly builtFile: URL | null = null) {}

  /** The script of `name`: `var __inPage = {}; ...`, which leaves the function at `__inPage.run`. */
  script(name: InPageName<M>): Promise<string> {
    let script = this.scripts.get(name);
    if (!script) {
      const built = this.readBuilt();
      if (built) {
        const text = built[name];
        script = text === undefined ? Promise.reject(new Error(`the build has no in-page script ${name}: run \`npm run build\` again`)) : Promise.resolve(text);
      } else {
        script = bundleInPage(fileURLToPath(this.entryFile), [name]).then((bundles) => bundles[name]!);
      }
      this.scripts.set(name, script);
    }
    return script;
  }

  /** The page function that calls `name` with the arguments it is given. */
  fn<K extends InPageName<M>>(name: K): Promise<M[K]> {
    let fn = this.functions.get(name);
    if (!fn) {
      fn = this.script(name).then((script) => new Function('...args', `${script}\nreturn ${kBundleGlobal}.run(...args);`));
      this.functions.set(name, fn);
    }
    return fn as Promise<M[K]>;
  }

  /** `fn(name)` as the text of a function expression. */
  async source<K extends InPageName<M>>(name: K): Promise<PageFunctionSource<M[K]>> {
    return `(...args) => {\n${await this.script(name)}\nreturn ${kBundleGlobal}.run(...args);\n}`;
  }

  /**
   * A script that calls `name` once, synchronously, with `arg` if it takes one: for
   * `addInitScript` (or a page's first `<script>`), where it runs before the page's own scripts.
   */
  async initScript<K extends InPageName<M>>(name: K, ...arg: InitScriptArg<M[K]>): Promise<string> {
    const call = arg.length ? scriptJson(arg[0]) : '';
    return `(() => {\n${await this.script(name)}\n${kBundleGlobal}.run(${call});\n})();`;
  }

  private readBuilt(): Bundles | null {
    if (this.built === undefined) {
      const text = this.builtFile && fs.existsSync(this.builtFile) ? fs.readFileSync(this.builtFile, 'utf8') : null;
      this.built = text === null ? null : BuiltBundles.parse(JSON.parse(text));
    }
    return this.built;
  }
}

/** Where `npm run build` writes the scripts of core's entry, relative to this module. */
export const kBuiltBundlesFile = 'in-page/bundles.json';

/** The in-page code of core/in-page/index.ts. */
export const inPage = new InPageEntry<typeof import('./in-page/index.ts')>(new URL('./in-page/index.ts', import.meta.url), new URL(kBuiltBundlesFile, import.meta.url));

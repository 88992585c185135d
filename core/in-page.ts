/**
 * Functions shipped into the page with `evaluate()` are serialized with `toString()`. Some
 * TypeScript loaders wrap named inner functions in a `__name(...)` helper that does not exist in
 * the page; `inPage` rebuilds the function with that helper defined where it runs.
 */
export function inPage<F extends (...args: never[]) => unknown>(fn: F): F {
  return composeInPage<F>(['a', 'b'], { fn }, 'return fn(a, b);');
}

/**
 * A page function put together from our own functions, rebuilt the same way: each of `parts` is
 * defined under its name, then `body` runs with the parameters `params`. Their sources may come
 * as functions or as text (a function's source kept for later).
 */
export function composeInPage<F>(params: string[], parts: Record<string, ((...args: never[]) => unknown) | string>, body: string): F {
  const defined = Object.entries(parts).map(([name, part]) => `const ${name} = (${part.toString()});`).join('\n');
  return new Function(...params, `const __name = (f) => f;\n${defined}\n${body}`) as F;
}

/**
 * Functions shipped into the page with `evaluate()` are serialized with `toString()`. Some
 * TypeScript loaders wrap named inner functions in a `__name(...)` helper that does not exist in
 * the page; `inPage` rebuilds the function with that helper defined where it runs.
 */
export function inPage<F extends (...args: never[]) => unknown>(fn: F): F {
  // eslint-disable-next-line no-new-func -- the source is our own function, rebuilt for the page
  return new Function('a', 'b', `const __name = (f) => f; return (${fn.toString()})(a, b);`) as F;
}

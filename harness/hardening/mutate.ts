import fc from 'fast-check';

/**
 * Arbitraries that damage valid inputs the way files get damaged: a field replaced by any JSON
 * value, deleted or duplicated into the wrong place, the text truncated, bytes flipped.
 */

type Path = (string | number)[];
const kDelete = Symbol('delete');
type Replacement = unknown;

function paths(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((item, i) => paths(item, [...prefix, i], out));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) paths(item, [...prefix, key], out);
  return out;
}

function apply(value: unknown, at: Path, replacement: Replacement): unknown {
  if (!at.length) return replacement === kDelete ? null : replacement;
  const copy: unknown = structuredClone(value);
  let parent = copy as Record<string | number, unknown>;
  for (const key of at.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = at[at.length - 1]!;
  if (replacement === kDelete) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else {
    parent[last] = replacement;
  }
  return copy;
}

const replacement: fc.Arbitrary<Replacement> = fc.oneof(
  fc.constant(kDelete),
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(null, '', -1, 1e308, 'x'.repeat(10_000), '../../etc/passwd', '{{secret:nope}}', [], {}, 2 ** 53, true),
);

/** A valid JSON value with 1 to 3 random fields replaced or deleted. */
export function mutatedJson(valid: unknown): fc.Arbitrary<unknown> {
  const all = paths(valid);
  return fc.array(fc.tuple(fc.nat(all.length - 1), replacement), { minLength: 1, maxLength: 3 }).map((edits) => {
    let out = valid;
    for (const [i, rep] of edits) {
      const candidates = paths(out);
      out = apply(out, candidates[i % candidates.length]!, rep);
    }
    return out;
  });
}

/** Text damaged at the character level: truncated, or with a few characters replaced. */
export function mutatedText(valid: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.nat(valid.length).map((n) => valid.slice(0, n)),
    fc.array(fc.tuple(fc.nat(valid.length - 1), fc.constantFrom('"', '{', '}', ',', '\n', '\\', '\u0000', 'é', ']')), { minLength: 1, maxLength: 4 })
      .map((edits) => edits.reduce((text, [at, ch]) => text.slice(0, at) + ch + text.slice(at + 1), valid)),
  );
}

/** Bytes damaged: truncated, or with a few bytes flipped. */
export function mutatedBytes(valid: Uint8Array): fc.Arbitrary<Buffer> {
  return fc.oneof(
    fc.nat(valid.length).map((n) => Buffer.from(valid.subarray(0, n))),
    fc.array(fc.tuple(fc.nat(valid.length - 1), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 8 }).map((edits) => {
      const out = Buffer.from(valid);
      for (const [at, xor] of edits) out[at] = out[at]! ^ xor;
      return out;
    }),
  );
}

/** Any text a file might hold instead of what was expected. */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.json({ maxDepth: 3 }),
  fc.constantFrom('', '\n', 'null', '[]', '{}', '"x"', '0', '[{}]', '{"version":1}', '{"version":99}', '\uFEFF{}'),
);

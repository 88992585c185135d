import { BuError } from '../../core/errors.ts';

/**
 * The promise for bad input, checked in-process: a parser either succeeds or throws a `BuError`
 * with exit code 2 whose message is one readable sentence (no stack trace, no "undefined", no
 * "[object Object]"). Anything else (a TypeError, a RangeError, a hang) is a crash.
 */

export type Outcome = 'ok' | 'usage';

export class Crash extends Error {}

export function checkError(err: unknown, what: string): Outcome {
  if (!(err instanceof BuError)) {
    throw new Crash(`${what}: crashed with ${err instanceof Error ? `${err.name}: ${err.message}\n${err.stack}` : String(err)}`);
  }
  if (err.exitCode !== 2) throw new Crash(`${what}: exit ${err.exitCode} for bad input: ${err.message}`);
  const text = `${err.message} ${err.hint ?? ''}`;
  if (!err.message.trim() || /\n\s+at |\[object Object\]/.test(text)) throw new Crash(`${what}: unhelpful message: ${text}`);
  return 'usage';
}

/** Runs `fn` with a time limit; returns 'ok' or 'usage', or throws a Crash. */
export async function outcomeOf(what: string, fn: () => Promise<unknown> | unknown, timeoutMs = 10_000): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Crash(`${what}: hung for ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([Promise.resolve().then(fn), hang]);
    return 'ok';
  } catch (err) {
    if (err instanceof Crash) throw err;
    return checkError(err, what);
  } finally {
    clearTimeout(timer);
  }
}

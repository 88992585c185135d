import type { Epochs } from './epochs.ts';

type Callback = (...a: unknown[]) => unknown;

/** `callback` run as a callback of `epoch` (anything else given to a timer goes through as it is). */
export function underEpoch(epochs: Epochs, callback: unknown, epoch: number, frame = false): unknown {
  if (typeof callback !== 'function') return callback;
  return function (this: unknown, ...args: unknown[]) {
    return epochs.runUnder(epoch, frame, callback as Callback, this, args);
  };
}

/** `setTimeout`, `setInterval` and `requestAnimationFrame` run their callbacks under the epoch that set them. */
export function wrapTimers(epochs: Epochs): void {
  const timers = window as unknown as Record<'setTimeout' | 'setInterval' | 'requestAnimationFrame', (...a: unknown[]) => number>;
  for (const name of ['setTimeout', 'setInterval', 'requestAnimationFrame'] as const) {
    const original = timers[name];
    if (typeof original !== 'function') continue;
    timers[name] = function (callback: unknown, ...rest: unknown[]) {
      return original.call(window, underEpoch(epochs, callback, epochs.now(), name === 'requestAnimationFrame'), ...rest);
    };
  }
}

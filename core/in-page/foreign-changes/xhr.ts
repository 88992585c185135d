import type { Epochs } from './epochs.ts';

/**
 * A request sent before the step began (the page's own loading, a command of an earlier step)
 * answers into the step by its timing alone: its XMLHttpRequest handlers run under the step it
 * was sent in. One sent during the step, a poll's included, is the step's.
 */

type Callback = (...a: unknown[]) => unknown;
type Handler = (handler: unknown) => unknown;

export function wrapXhr(epochs: Epochs): void {
  if (typeof XMLHttpRequest !== 'function') return;
  const sentIn = new WeakMap<object, number>();
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, ...args: Parameters<XMLHttpRequest['send']>) {
    sentIn.set(this, epochs.current);
    return send.apply(this, args);
  };
  const underSend: Handler = (handler) => {
    if (typeof handler !== 'function') return handler;
    return function (this: object, ...args: unknown[]) {
      return epochs.runUnder(sentIn.get(this) ?? epochs.current, false, handler as Callback, this, args);
    };
  };
  wrapHandlerProperties(underSend);
  wrapListeners(underSend);
}

/** `onload` and the like: what is set runs under its request's step; what is read is what was set. */
function wrapHandlerProperties(underSend: Handler): void {
  const handlers = new WeakMap<object, unknown>();
  const events = [[XMLHttpRequest.prototype, ['onreadystatechange']], [Object.getPrototypeOf(XMLHttpRequest.prototype) as object, ['onload', 'onloadend', 'onerror', 'onabort', 'ontimeout', 'onprogress']]] as const;
  for (const [proto, names] of events) {
    for (const name of names) {
      const described = Object.getOwnPropertyDescriptor(proto, name);
      if (!described?.set || !described.get) continue;
      const { get, set } = described;
      Object.defineProperty(proto, name, {
        ...described,
        get(this: object) {
          const wrapped = get.call(this) as unknown;
          return handlers.get(wrapped as object) ?? wrapped;
        },
        set(this: object, handler: unknown) {
          const wrapped = underSend(handler);
          if (wrapped && wrapped !== handler) handlers.set(wrapped as object, handler);
          set.call(this, wrapped);
        },
      });
    }
  }
}

/** `addEventListener`: a listener runs under its request's step, and is removed by the function the page added. */
function wrapListeners(underSend: Handler): void {
  const listeners = new WeakMap<object, unknown>();
  const add = XMLHttpRequest.prototype.addEventListener;
  const remove = XMLHttpRequest.prototype.removeEventListener;
  XMLHttpRequest.prototype.addEventListener = function (this: XMLHttpRequest, type: string, listener: unknown, ...rest: unknown[]) {
    let wrapped = typeof listener === 'function' ? listeners.get(listener) : listener;
    if (typeof listener === 'function' && !wrapped) listeners.set(listener, (wrapped = underSend(listener)));
    return (add as (...a: unknown[]) => void).call(this, type, wrapped, ...rest);
  } as XMLHttpRequest['addEventListener'];
  XMLHttpRequest.prototype.removeEventListener = function (this: XMLHttpRequest, type: string, listener: unknown, ...rest: unknown[]) {
    return (remove as (...a: unknown[]) => void).call(this, type, (typeof listener === 'function' && listeners.get(listener)) || listener, ...rest);
  } as XMLHttpRequest['removeEventListener'];
}

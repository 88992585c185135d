import { expect, test } from '../support/fixtures.ts';
import { evaluateInMainWorld } from '../../locate/main-world.ts';

/**
 * Replay's reads of the page: in the main world of the document the page shows now, answered by
 * value, and failing as `page.evaluate` does when the function throws.
 */

test('evaluates in the current document main world, by value, and throws what the page threw', async ({ page }) => {
  await page.setContent('<h1>First</h1><script>window.appState = { items: 2 };</script>');
  // The app's own globals are visible: the main world, not an isolated one.
  expect(await evaluateInMainWorld(page, (arg: { add: number }) => (window as unknown as { appState: { items: number } }).appState.items + arg.add, { add: 1 })).toBe(3);
  expect(await evaluateInMainWorld(page, () => ({ heading: document.querySelector('h1')?.textContent ?? null, none: null }), undefined)).toEqual({ heading: 'First', none: null });
  await page.setContent('<h1>Second</h1>');
  expect(await evaluateInMainWorld(page, () => document.querySelector('h1')?.textContent, undefined)).toBe('Second');
  await expect(evaluateInMainWorld(page, () => { throw new Error('boom in page'); }, undefined)).rejects.toThrow('boom in page');
});

test('reads are called in the main world of the document shown, and a navigation moves them to the new document', async ({ page }) => {
  const read = (arg: { n: number }) => ({ heading: document.querySelector('h1')?.textContent ?? null, n: arg.n, list: [1, 'two', null, { deep: [true] }] });
  await page.route('http://app.test/**', (route) => route.fulfill({ contentType: 'text/html', body: `<h1>${new URL(route.request().url()).pathname.slice(1)}</h1>` }));
  await page.goto('http://app.test/One');
  // Each read is called in the document's main world with its own argument.
  for (const n of [1, 2, 3]) expect(await evaluateInMainWorld(page, read, { n })).toEqual({ heading: 'One', n, list: [1, 'two', null, { deep: [true] }] });
  await page.goto('http://app.test/Two');
  expect(await evaluateInMainWorld(page, read, { n: 4 })).toEqual({ heading: 'Two', n: 4, list: [1, 'two', null, { deep: [true] }] });
  // A document the page navigated to by itself.
  await page.evaluate(() => { location.href = '/Three'; });
  await page.waitForURL('http://app.test/Three');
  expect(await evaluateInMainWorld(page, read, { n: 5 })).toEqual({ heading: 'Three', n: 5, list: [1, 'two', null, { deep: [true] }] });
  await expect(evaluateInMainWorld(page, () => { throw new Error('boom after a navigation'); }, undefined)).rejects.toThrow('boom after a navigation');
  // A frame's own main world is not the page's.
  await page.goto('http://app.test/Four');
  await page.evaluate(() => {
    const frame = document.createElement('iframe');
    frame.srcdoc = '<h1>Framed</h1>';
    document.body.append(frame);
    return new Promise((resolve) => frame.addEventListener('load', resolve));
  });
  expect(await evaluateInMainWorld(page, read, { n: 6 })).toEqual({ heading: 'Four', n: 6, list: [1, 'two', null, { deep: [true] }] });
});

test('an answer that is not plain data comes as an evaluation by value gives it, from the same document', async ({ page }) => {
  await page.setContent('<h1>Dated</h1>');
  // By value, as DevTools gives it: a Date has no properties of its own.
  const dated = () => ({ when: new Date(0), heading: document.querySelector('h1')?.textContent });
  expect(await evaluateInMainWorld(page, dated, undefined)).toEqual({ when: {}, heading: 'Dated' });
  expect(await evaluateInMainWorld(page, dated, undefined)).toEqual({ when: {}, heading: 'Dated' });
});

test('a document no longer shown does not answer a read called on it: the document shown is evaluated', async ({ page }) => {
  // What the reads send, seen on the DevTools session they open.
  const context = page.context();
  const open = context.newCDPSession.bind(context);
  const methods: string[] = [];
  context.newCDPSession = async (target) => {
    const session = await open(target);
    const send = session.send.bind(session);
    session.send = ((method: string, params?: object) => {
      methods.push(method);
      return send(method as never, params as never);
    }) as typeof session.send;
    return session;
  };
  await page.setContent('<h1>Kept</h1>');
  // The session learns the page's frame and follows its execution contexts once; each read is a call.
  const read = () => ({ heading: document.querySelector('h1')?.textContent ?? null });
  expect(await evaluateInMainWorld(page, read, undefined)).toEqual({ heading: 'Kept' });
  expect(await evaluateInMainWorld(page, read, undefined)).toEqual({ heading: 'Kept' });
  const opened = ['Page.getFrameTree', 'Runtime.enable'];
  expect(methods).toEqual([...opened, 'Runtime.callFunctionOn', 'Runtime.callFunctionOn']);
  // Hidden, as a document left for the back/forward cache is: the call on it answers nothing, and
  // the read goes to an evaluation of the document the page shows.
  await page.evaluate(() => Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' }));
  expect(await evaluateInMainWorld(page, read, undefined)).toEqual({ heading: 'Kept' });
  expect(methods).toEqual([...opened, 'Runtime.callFunctionOn', 'Runtime.callFunctionOn', 'Runtime.callFunctionOn', 'Runtime.evaluate']);
});

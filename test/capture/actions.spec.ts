import { expect, test } from '../support/fixtures.ts';
import { ActionName } from '../../core/schema/actions.ts';
import { actionError } from '../../capture/actions/action-error.ts';
import { relevantText } from '../../capture/actions/extract.ts';
import { sessionFile } from '../../capture/actions/files.ts';
import { actionCallFromModel, actionListText, actions, modelActionJsonSchema } from '../../capture/actions/registry.ts';
import { splitChords } from '../../capture/actions/send_keys.ts';
import { base64Forms, Secrets, secretForms } from '../../capture/record/secrets.ts';

test('the registry has one module per action name, in the vocabulary order', () => {
  expect(actions.map((a) => a.name)).toEqual(ActionName.options);
  for (const def of actions) expect(def.description.length).toBeGreaterThan(10);
});

test('model schema, prompt list and parsing come from the same definitions', () => {
  const schema = JSON.stringify(modelActionJsonSchema());
  for (const name of ActionName.options) expect(schema).toContain(`"${name}"`);
  const list = actionListText();
  expect(list).toContain('- click {button?, double?, index}');
  expect(list).toContain('- navigate {url, newTab?}');
  expect(list).toContain('- scroll {down?, pages?, index?}');
  expect(actionCallFromModel({ click: { index: 3 } })).toEqual({ action: 'click', params: {}, index: 3 });
  expect(actionCallFromModel({ input: { index: 2, text: 'hi' } })).toEqual({ action: 'input', params: { text: 'hi' }, index: 2 });
  expect(actionCallFromModel({ navigate: { url: 'http://x/' } })).toEqual({ action: 'navigate', params: { url: 'http://x/' } });
  expect(() => actionCallFromModel({ click: {} })).toThrow(/not a valid action/);
  expect(() => actionCallFromModel({ fly: {} })).toThrow(/not a valid action/);
});

test('send_keys splits chords, extract keeps relevant lines, files stay in their directory', () => {
  expect(splitChords('Control+A  Delete Enter')).toEqual(['Control+A', 'Delete', 'Enter']);
  const text = 'Welcome\nOrders\nTotal price\n$12.50\nFooter\nContact';
  expect(relevantText(text, 'the total price')).toBe('Orders\nTotal price\n$12.50');
  expect(relevantText(text, 'zzz')).toBe(text);
  expect(relevantText('a'.repeat(50) + '\n' + 'b'.repeat(50), 'zzz', 60)).toBe('a'.repeat(50) + '…');
  expect(sessionFile('/out/files/s1', 'notes/a.md')).toBe('/out/files/s1/notes/a.md');
  expect(() => sessionFile('/out/files/s1', '../s2/a.md')).toThrow(/outside the session files/);
  expect(() => sessionFile('/out/files/s1', '/etc/passwd')).toThrow(/outside the session files/);
});

test('secrets: substitution, and redaction of every encoded form', () => {
  const secrets = new Secrets({ secrets: { pw: 'S3cr3t &"pa ss"!' }, variables: { user: 'ann' } });
  expect(secrets.substitute('{{var:user}}:{{secret:pw}}')).toBe('ann:S3cr3t &"pa ss"!');
  expect(() => secrets.substitute('{{secret:other}}')).toThrow(/not given/);
  const value = 'S3cr3t &"pa ss"!';
  const forms = [
    value,
    JSON.stringify(value).slice(1, -1),
    encodeURIComponent(value),
    new URLSearchParams({ v: value }).toString().slice(2),
    Buffer.from(value).toString('base64'),
    'S3cr3t &amp;&quot;pa ss&quot;!',
  ];
  for (const form of forms) {
    expect(secrets.redactText(`before ${form} after`)).toBe('before {{secret:pw}} after');
    expect(secrets.redactText(`x${form}y`)).toBe('x{{secret:pw}}y');
  }
  // Inside a longer base64 payload (a POST body), at any alignment.
  for (const prefix of ['', 'a', 'ab', 'abc', 'user=ann&pw=']) {
    const encoded = Buffer.from(`${prefix}${value}&next=/`).toString('base64');
    expect(base64Forms(value).some((form) => encoded.includes(form)), prefix).toBe(true);
    expect(secrets.redactText(encoded)).toContain('{{secret:pw}}');
  }
  expect(secretForms('abc')).toEqual(['YWJj', 'abc']);
  expect(secrets.redactDeep({ a: [value], b: { c: `x${value}` } })).toEqual({ a: ['{{secret:pw}}'], b: { c: 'x{{secret:pw}}' } });
});

test('a secret without its environment variable is a usage error naming the variable', () => {
  expect(() => Secrets.fromEnv(['pw'], {})).toThrow(/BU_SECRET_PW is not set/);
  expect(Secrets.fromEnv(['pw'], { BU_SECRET_PW: 'hunter22' }).substitute('{{secret:pw}}')).toBe('hunter22');
});

test('a timed-out action says why it kept waiting: what covered the element, or that it was disabled', () => {
  const log = (reason: string) => `locator.click: Timeout 5000ms exceeded.\nCall log:\n\u001b[2m  - waiting for getByRole('button', { name: 'Save' })\u001b[22m\n\u001b[2m    - locator resolved to <button>Save</button>\u001b[22m\n\u001b[2m    2 × waiting for element to be visible, enabled and stable\u001b[22m\n\u001b[2m      - ${reason}\u001b[22m\n\u001b[2m    - retrying click action\u001b[22m\n\u001b[2m      - waiting 500ms\u001b[22m\n`;
  expect(actionError(log('<div id="shade" class="red-ui-shade"></div> intercepts pointer events'))).toBe('Timeout 5000ms exceeded: <div id="shade" class="red-ui-shade"></div> intercepts pointer events');
  expect(actionError(log('element is not enabled'))).toBe('Timeout 5000ms exceeded: element is not enabled');
  // Without a reason in the log, and for other errors, the first line alone.
  expect(actionError('locator.click: Timeout 5000ms exceeded.\nCall log:\n  - waiting for locator(\'#gone\')\n')).toBe('Timeout 5000ms exceeded.');
  expect(actionError('page.goto: net::ERR_CONNECTION_REFUSED at http://127.0.0.1:1/\nCall log:\n  - navigating')).toBe('net::ERR_CONNECTION_REFUSED at http://127.0.0.1:1/');
  // A long element is cut.
  expect(actionError(log(`<div class="${'x'.repeat(400)}"></div> intercepts pointer events`)).length).toBeLessThan(200);
});

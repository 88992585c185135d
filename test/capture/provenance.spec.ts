import { expect, test } from '../support/fixtures.ts';
import { Provenance } from '../../core/secret-provenance.ts';
import { redactTraceEntries } from '../../capture/record/redact-trace.ts';
import { Secrets } from '../../capture/record/secrets.ts';

/** Redaction by provenance, without a browser: what is kept, what goes, and the trace's timeline. */

const P = '{{secret:password}}';

function typedAfter(value: string, appText: string[]): Provenance {
  const provenance = new Provenance(new Map([['password', value]]));
  for (const text of appText) provenance.learn(text);
  provenance.markTyped('password');
  return provenance;
}

test('nothing is redacted before the secret is typed', () => {
  const secrets = new Secrets({ secrets: { password: 'admin' } });
  expect(secrets.redactText('http://h/admin/ You typed admin')).toBe('http://h/admin/ You typed admin');
  secrets.substitute(`${P}`);
  expect(secrets.redactText('You typed admin')).toBe(`You typed ${P}`);
});

test('a short secret: kept inside words, URL paths and app queries; gone where typed, echoed as a word, or under a credential parameter', () => {
  const provenance = typedAfter('admin', ['http://h/siteadmin.php', 'Welcome to siteadmin. Default user: admin.']);
  const redact = (text: string) => provenance.redact(text).text;
  expect(redact('http://h/siteadmin.php?table=x')).toBe('http://h/siteadmin.php?table=x');
  expect(redact('http://h/admin/users')).toBe('http://h/admin/users');
  expect(redact('/admin/users?tab=2')).toBe('/admin/users?tab=2');
  expect(redact('http://h/doku.php?do=admin&id=start')).toBe('http://h/doku.php?do=admin&id=start');
  expect(redact('http://h/login?user=ann&password=admin')).toBe(`http://h/login?user=ann&password=${P}`);
  expect(redact('administrator of the badminton club')).toBe('administrator of the badminton club');
  // The app's own sentence stays; an echo in other words does not.
  expect(redact('Default user: admin.')).toBe('Default user: admin.');
  expect(redact('You typed admin')).toBe(`You typed ${P}`);
  expect(redact('admin')).toBe(P);
  expect(redact('password=admin&next=%2F')).toBe(`password=${P}&next=%2F`);
  // Typed positions lose it wherever it stands as a value, whatever the app showed; a longer value holding it is the app's.
  expect(provenance.redact('admin', 'typed').text).toBe(P);
  expect(provenance.redact('Default user: admin.', 'typed').text).toBe(`Default user: ${P}.`);
  expect(provenance.redact('admin@example.com', 'typed').text).toBe('admin@example.com');
});

test('a long secret goes inside words and payloads too, unless the app showed that word before', () => {
  const value = 'hunter2-Pa55word';
  const provenance = typedAfter(value, [`Ticket x${value}y was filed`]);
  const redact = (text: string) => provenance.redact(text).text;
  expect(redact(`token=ab${value}cd`)).toBe(`token=ab${P}cd`);
  expect(redact(`Ticket x${value}y was filed`)).toBe(`Ticket x${value}y was filed`);
  expect(redact(`see ${Buffer.from(`user:${value}`).toString('base64')}`)).toContain(P);
});

test('the warning names the secret and shows where, without its value', () => {
  const secrets = new Secrets({ secrets: { password: 'admin' } });
  const warnings = secrets.startWarnings('http://h/siteadmin.php');
  expect(warnings.join('\n')).toMatch(/secret password is only 5 characters long/);
  expect(warnings.join('\n')).toMatch(/secret password occurs in the app's own text or address before it is typed \("….*site\{\{secret:password\}\}\.php…"\)/);
  expect(warnings.join('\n')).not.toMatch(/siteadmin/);
  expect(new Secrets({ secrets: { password: 'long-enough-secret' } }).startWarnings('http://h/')).toEqual([]);
});

test('a trace is read in time order: before the fill the app text stays, after it typed positions and echoes go', () => {
  const value = 'admin';
  const lines = [
    { type: 'before', callId: 'c1', startTime: 1, method: 'goto', params: { url: 'http://h/siteadmin.php' } },
    { type: 'frame-snapshot', snapshot: { callId: 'c1', html: ['P', {}, 'Default user admin. siteadmin'] } },
    { type: 'before', callId: 'c2', startTime: 5, method: 'fill', params: { selector: 'input[name=admin_pass]', value } },
    { type: 'log', callId: 'c2', time: 6, message: `fill("${value}")` },
    { type: 'frame-snapshot', snapshot: { callId: 'c2', html: ['INPUT', { __playwright_value_: value, name: 'admin_pass' }] } },
    { type: 'frame-snapshot', snapshot: { callId: 'c3', html: ['P', {}, `You typed ${value}`, 'Default user admin. siteadmin'] } },
  ];
  const network = [
    { type: 'resource-snapshot', snapshot: { _monotonicTime: 2, request: { url: 'http://h/siteadmin.php', method: 'GET' }, response: { content: { _file: 'resources/a.html' } } } },
    { type: 'resource-snapshot', snapshot: { _monotonicTime: 7, request: { url: 'http://h/siteadmin.php', method: 'POST', postData: { text: `password=${value}`, _file: 'resources/b.dat' } }, response: { content: { _file: 'resources/c.html' } } } },
  ];
  const entries = new Map<string, Buffer>([
    ['trace.trace', Buffer.from(lines.map((line) => JSON.stringify(line)).join('\n'))],
    ['trace.network', Buffer.from(network.map((line) => JSON.stringify(line)).join('\n'))],
    ['resources/a.html', Buffer.from('<p>Default user admin.</p><p>Sign in as admin</p>')],
    ['resources/b.dat', Buffer.from(`password=${value}`)],
    ['resources/c.html', Buffer.from(`<p>You typed ${value}</p><a href="/siteadmin.php">x</a>`)],
  ]);
  const { redacted, hits } = redactTraceEntries(entries, new Secrets({ secrets: { password: value } }).provenance);
  const text = (name: string) => redacted.get(name)!.toString('utf8');
  const trace = text('trace.trace').split('\n');
  expect(trace[0]).toBe(JSON.stringify(lines[0]));
  expect(trace[1]).toBe(JSON.stringify(lines[1]));
  expect(trace[2]).toContain(`"value":"${P}"`);
  expect(trace[2]).toContain('input[name=admin_pass]');
  expect(trace[3]).toContain(`fill(\\"${P}\\")`);
  expect(trace[4]).toContain(`"__playwright_value_":"${P}"`);
  expect(trace[4]).toContain('"name":"admin_pass"');
  expect(trace[5]).toContain(`You typed ${P}`);
  expect(trace[5]).toContain('Default user admin. siteadmin');
  // Recorded before the fill: kept as the app sent it.
  expect(text('resources/a.html')).toBe('<p>Default user admin.</p><p>Sign in as admin</p>');
  expect(text('resources/b.dat')).toBe(`password=${P}`);
  expect(text('resources/c.html')).toBe(`<p>You typed ${P}</p><a href="/siteadmin.php">x</a>`);
  expect(text('trace.network')).toContain(`"text":"password=${P}"`);
  expect(text('trace.network')).not.toContain(`password=${value}`);
  expect(hits).toBeGreaterThanOrEqual(7);
});

test('a short secret in relative URLs and compound tokens of the app is kept', () => {
  const provenance = typedAfter('admin', []);
  const redact = (text: string) => provenance.redact(text).text;
  expect(redact('- /url: /doku.php?id=start&do=admin')).toBe('- /url: /doku.php?id=start&do=admin');
  expect(redact('<a href="/admin/users">')).toBe('<a href="/admin/users">');
  expect(redact('Mail admin@example.com or see admin.php')).toBe('Mail admin@example.com or see admin.php');
  expect(redact('<a href="/login?password=admin">')).toBe(`<a href="/login?password=${P}">`);
  expect(redact('(admin) is signed in. You typed admin.')).toBe(`(${P}) is signed in. You typed ${P}.`);
});

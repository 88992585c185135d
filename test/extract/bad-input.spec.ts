import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import JSZip from 'jszip';
import { kFixtures, runCli, tempDir } from './support/helpers.ts';

/** Every bad input ends with exit 2, one sentence on stderr, no stack trace and no output dir. */

const kContext = JSON.stringify({ version: 10, type: 'context-options', origin: 'library', browserName: 'chromium', wallTime: 1, monotonicTime: 1 });

async function zipOf(files: Record<string, string>): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, text] of Object.entries(files)) zip.file(name, text);
  return Buffer.from(await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
}

/** Overwrites the uncompressed size of every entry, in the local headers and the central directory. */
function patchDeclaredSize(buffer: Buffer, size: number): Buffer {
  const out = Buffer.from(buffer);
  for (let i = 0; i + 4 <= out.length; i++) {
    const sig = out.readUInt32LE(i);
    if (sig === 0x04034b50) out.writeUInt32LE(size, i + 22);
    if (sig === 0x02014b50) out.writeUInt32LE(size, i + 24);
  }
  return out;
}

const kCases: { name: string; make(): Promise<Buffer>; message: RegExp }[] = [
  { name: 'not-a-zip', make: async () => Buffer.from('hello, I am text\n'), message: /is not a zip file/ },
  {
    name: 'truncated',
    make: async () => {
      const full = await fs.readFile(path.join(kFixtures, 'v9.zip'));
      return full.subarray(0, Math.floor(full.length / 2));
    },
    message: /truncated or not a valid zip/,
  },
  { name: 'no-trace', make: () => zipOf({ 'readme.txt': 'nothing here' }), message: /holds no Playwright trace/ },
  {
    name: 'too-new',
    make: () => zipOf({ 'trace.trace': JSON.stringify({ version: 11, type: 'context-options' }) + '\n' }),
    message: /trace format version 11 is newer than this brow-use supports \(max 10\): upgrade brow-use/,
  },
  {
    name: 'malformed-line',
    make: () => zipOf({ 'trace.trace': `${kContext}\n{"type":"log","callId":"a","time":1,"message":"x"}\n{oops\n` }),
    message: /malformed-line\.zip!trace\.trace:3: not valid JSON/,
  },
  {
    name: 'bad-event',
    make: () => zipOf({ 'trace.trace': `${kContext}\n{"type":"before","callId":"a"}\n` }),
    message: /bad-event\.zip!trace\.trace:2: before event: /,
  },
  {
    name: 'bomb-declared',
    make: async () => patchDeclaredSize(await zipOf({ 'trace.trace': `${kContext}\n` }), 0xfffffff0),
    message: /declares 4294967280 bytes, more than the \d+ allowed per entry \(zip bomb\?\)/,
  },
  {
    name: 'bomb-actual',
    make: async () => patchDeclaredSize(await zipOf({ 'trace.trace': `${kContext}\n${'{"type":"stdout","text":"x"}\n'.repeat(20_000)}` }), 64),
    message: /does not inflate to the 64 bytes it declares/,
  },
  {
    // Large enough to be inflated as a stream, stopped as soon as it passes its declared size.
    name: 'bomb-actual-stream',
    make: async () => {
      const noise = `{"type":"stdout","text":"${crypto.randomBytes(150_000).toString('hex')}"}`;
      return patchDeclaredSize(await zipOf({ 'trace.trace': `${kContext}\n${noise}\n` }), 64);
    },
    message: /inflates to more than the 64 bytes it declares/,
  },
];

for (const c of kCases) {
  test(`bad input: ${c.name}`, async () => {
    const output = path.join(await tempDir(), 'output');
    const zip = path.join(await tempDir(), `${c.name}.zip`);
    await fs.mkdir(path.dirname(zip), { recursive: true });
    await fs.writeFile(zip, await c.make());
    const result = runCli(['extract', zip], output);
    expect(result.code, result.stderr).toBe(2);
    const lines = result.stderr.split('\n').filter((l) => l.trim() && !l.startsWith('extracting '));
    expect(lines[0]).toMatch(/^bu: /);
    expect(lines[0]).toMatch(c.message);
    expect(lines.length).toBeLessThanOrEqual(2);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    await expect(fs.access(path.join(output, 'extract'))).rejects.toThrow();
  });
}

test('an unknown session says what to do next', async () => {
  const result = runCli(['extract', 'explore-1234567890123'], path.join(await tempDir(), 'output'));
  expect(result.code).toBe(2);
  expect(result.stderr).toContain('no trace for session explore-1234567890123');
  expect(result.stderr).toContain('bu capture');
});

test('a failed extract keeps the previous output intact', async () => {
  const output = path.join(await tempDir(), 'output');
  const good = path.join(await tempDir(), 'same.zip');
  await fs.mkdir(path.dirname(good), { recursive: true });
  await fs.copyFile(path.join(kFixtures, 'v9.zip'), good);
  expect(runCli(['extract', good], output).code).toBe(0);
  const before = await fs.readFile(path.join(output, 'extract/same/actions.jsonl'));
  await fs.writeFile(good, 'not a zip any more');
  expect(runCli(['extract', good], output).code).toBe(2);
  expect((await fs.readFile(path.join(output, 'extract/same/actions.jsonl'))).equals(before)).toBe(true);
  expect((await fs.readdir(path.join(output, 'extract'))).sort()).toEqual(['same']);
});

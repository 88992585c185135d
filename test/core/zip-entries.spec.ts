import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import JSZip from 'jszip';
import { expect, test } from '../support/fixtures.ts';
import { entryData, newEntry, readStoredEntries, withData, zipOf } from '../../core/io/zip-entries.ts';

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'bu-zip-'));
}

test('a zip read as stored entries and written back with one entry changed and one added: the others are copied byte for byte, and another reader agrees', async () => {
  const dir = tempDir();
  try {
    const source = new JSZip();
    const text = 'event line with a secret\n'.repeat(200);
    const png = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251));
    source.file('trace.trace', text);
    source.file('screenshots/a-after.png', png, { compression: 'STORE' });
    source.file('resources/ü.json', '{"ü":1}');
    source.folder('empty');
    const file = path.join(dir, 'in.zip');
    fs.writeFileSync(file, await source.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));

    const stored = await readStoredEntries(file);
    expect(stored.map((e) => e.name).sort()).toEqual(['resources/ü.json', 'screenshots/a-after.png', 'trace.trace']);
    expect(entryData(stored.find((e) => e.name === 'trace.trace')!).toString()).toBe(text);
    const changed = Buffer.from(text.replaceAll('secret', '••••••'));
    const added = newEntry('trace.network', Buffer.from('{"type":"resource-snapshot"}\n'), new Date(2026, 10, 24, 13, 45, 30));
    const out = [...stored.map((e) => (e.name === 'trace.trace' ? withData(e, changed) : e)), added];
    const written = path.join(dir, 'out.zip');
    fs.writeFileSync(written, zipOf(out));

    const again = await readStoredEntries(written);
    for (const entry of again.filter((e) => e.name !== 'trace.trace' && e.name !== 'trace.network')) {
      const original = stored.find((e) => e.name === entry.name)!;
      expect(entry.stored.equals(original.stored)).toBe(true);
      expect([entry.method, entry.crc32, entry.dosDate, entry.dosTime]).toEqual([original.method, original.crc32, original.dosDate, original.dosTime]);
    }
    const other = await JSZip.loadAsync(fs.readFileSync(written), { checkCRC32: true });
    expect(await other.file('trace.trace')!.async('string')).toBe(changed.toString());
    expect(Buffer.from(await other.file('screenshots/a-after.png')!.async('uint8array')).equals(png)).toBe(true);
    expect(await other.file('resources/ü.json')!.async('string')).toBe('{"ü":1}');
    expect(await other.file('trace.network')!.async('string')).toBe('{"type":"resource-snapshot"}\n');
    const date = other.file('trace.network')!.date;
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes(), date.getSeconds()]).toEqual([2026, 10, 24, 13, 45, 30]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('more than 65,535 entries are written with zip64 end records and read back whole', async () => {
  const dir = tempDir();
  try {
    const count = 70_000;
    // Stored, not deflated: the end records are what is under test.
    const entries = Array.from({ length: count }, (_, i) => {
      const data = Buffer.from(`{"i":${i}}`);
      return { name: `aria/${i}.json`, method: 0, crc32: zlib.crc32(data), size: data.length, stored: data, dosTime: 0, dosDate: 0x21 };
    });
    const file = path.join(dir, 'many.zip');
    fs.writeFileSync(file, zipOf(entries));
    const read = await readStoredEntries(file);
    expect(read.length).toBe(count);
    expect(entryData(read[count - 1]!).toString()).toBe(`{"i":${count - 1}}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

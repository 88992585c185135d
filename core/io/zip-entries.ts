import fs from 'node:fs/promises';
import zlib from 'node:zlib';
import yauzl from 'yauzl';

/**
 * A zip read as its stored entries and written back with some of them changed: an entry that did
 * not change is copied as it is stored (no inflate, no deflate), a changed one is deflated with
 * node's zlib. For zips this project wrote or Playwright wrote for it (trace zips): directories
 * are dropped, and a later entry of the same name wins.
 */

const kStored = 0;
const kDeflated = 8;
const kLocalHeader = 0x04034b50;
const kCentralHeader = 0x02014b50;
const kEnd = 0x06054b50;
const kZip64End = 0x06064b50;
const kZip64Locator = 0x07064b50;
/** General purpose flag bit 11: names are UTF-8. */
const kUtf8Names = 0x0800;
/** Deflate level for changed entries: zlib's default, what Playwright's own trace zips use. */
const kDeflateLevel = 6;

export interface StoredEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  crc32: number;
  size: number;
  /** The entry's bytes as stored (deflated when `method` is 8). */
  stored: Buffer;
  dosTime: number;
  dosDate: number;
}

export async function readStoredEntries(file: string): Promise<StoredEntry[]> {
  const buffer = await fs.readFile(file);
  const zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true });
  const byName = new Map<string, StoredEntry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      try {
        if (!entry.fileName.endsWith('/')) byName.set(entry.fileName, storedEntry(buffer, entry));
        zip.readEntry();
      } catch (err) {
        reject(err);
      }
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return [...byName.values()];
}

function storedEntry(buffer: Buffer, entry: yauzl.Entry): StoredEntry {
  if (entry.isEncrypted() || (entry.compressionMethod !== kStored && entry.compressionMethod !== kDeflated)) {
    throw new Error(`${entry.fileName}: compression method ${entry.compressionMethod}${entry.isEncrypted() ? ', encrypted' : ''} is not one a trace uses`);
  }
  const header = entry.relativeOffsetOfLocalHeader;
  if (buffer.readUInt32LE(header) !== kLocalHeader) throw new Error(`${entry.fileName}: no local header at ${header}`);
  const start = header + 30 + buffer.readUInt16LE(header + 26) + buffer.readUInt16LE(header + 28);
  const end = start + entry.compressedSize;
  if (end > buffer.length) throw new Error(`${entry.fileName}: its data runs past the end of the zip`);
  return {
    name: entry.fileName,
    method: entry.compressionMethod,
    crc32: entry.crc32,
    size: entry.uncompressedSize,
    stored: buffer.subarray(start, end),
    dosTime: entry.lastModFileTime,
    dosDate: entry.lastModFileDate,
  };
}

/** A new entry holding `data`, deflated, dated `date` (local time, as zip tools read it). */
export function newEntry(name: string, data: Buffer, date = new Date()): StoredEntry {
  const dosTime = (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1);
  const dosDate = (Math.max(0, date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate();
  return withData({ name, method: kStored, crc32: 0, size: 0, stored: Buffer.alloc(0), dosTime, dosDate }, data);
}

/** A new entry holding `data` as it is (already compressed data, such as a JPEG, gains nothing from deflate). */
export function newStoredEntry(name: string, data: Buffer, date = new Date()): StoredEntry {
  return { ...newEntry(name, Buffer.alloc(0), date), method: kStored, crc32: zlib.crc32(data), size: data.length, stored: data };
}

/** The entry's content. */
export function entryData(entry: StoredEntry): Buffer {
  return entry.method === kDeflated ? zlib.inflateRawSync(entry.stored) : entry.stored;
}

/** The entry with new content, deflated; its name and time kept. */
export function withData(entry: StoredEntry, data: Buffer): StoredEntry {
  return { ...entry, method: kDeflated, crc32: zlib.crc32(data), size: data.length, stored: zlib.deflateRawSync(data, { level: kDeflateLevel }) };
}

/** A zip of the entries, in their order (zip64 end records only when there are more than 65,535). */
export function zipOf(entries: readonly StoredEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    if (offset > 0xfffffffe || entry.stored.length > 0xfffffffe || entry.size > 0xfffffffe) throw new Error(`${entry.name}: a zip past 4 GB is not written`);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(kLocalHeader, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(kUtf8Names, 6);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt16LE(entry.dosTime, 10);
    local.writeUInt16LE(entry.dosDate, 12);
    local.writeUInt32LE(entry.crc32 >>> 0, 14);
    local.writeUInt32LE(entry.stored.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(kCentralHeader, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    local.copy(record, 8, 6, 28);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(offset, 42);
    parts.push(local, name, entry.stored);
    central.push(record, name);
    offset += local.length + name.length + entry.stored.length;
  }
  const centralSize = central.reduce((sum, part) => sum + part.length, 0);
  const zip64 = entries.length > 0xffff;
  const tail: Buffer[] = [];
  if (zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(kZip64End, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(entries.length), 24);
    record.writeBigUInt64LE(BigInt(entries.length), 32);
    record.writeBigUInt64LE(BigInt(centralSize), 40);
    record.writeBigUInt64LE(BigInt(offset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(kZip64Locator, 0);
    locator.writeBigUInt64LE(BigInt(offset + centralSize), 8);
    locator.writeUInt32LE(1, 16);
    tail.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(kEnd, 0);
  end.writeUInt16LE(zip64 ? 0xffff : entries.length, 8);
  end.writeUInt16LE(zip64 ? 0xffff : entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...central, ...tail, end]);
}

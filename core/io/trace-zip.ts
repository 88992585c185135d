import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import yauzl from 'yauzl';
import { UsageError } from '../errors.ts';

/**
 * Reads a trace zip with limits on declared and actual sizes, so a zip bomb or a damaged file ends
 * with a sentence, not an out-of-memory crash. yauzl reads the zip's structure (central directory,
 * zip64, local headers); entries inflate with node's zlib, each one when it is asked for, so no
 * entry is held longer than its reader keeps it. The only reader of trace zips (capture rewrites its own with core/io/zip-entries.ts).
 */

/** Largest zip we read; real traces of long runs stay far below it. */
export const kMaxZipBytes = 1024 * 1024 * 1024;
/** More entries than this is not a trace (a long run has a few thousand screenshots). */
export const kMaxEntries = 200_000;
/** Largest single entry, declared or actually inflated. */
export const kMaxEntryBytes = 512 * 1024 * 1024;
/** Largest sum of declared entry sizes, and of bytes actually inflated by one reader. */
export const kMaxTotalBytes = 2 * 1024 * 1024 * 1024;

export interface ZipLimits {
  maxZipBytes: number;
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
}

export const kDefaultLimits: ZipLimits = {
  maxZipBytes: kMaxZipBytes, maxEntries: kMaxEntries, maxEntryBytes: kMaxEntryBytes, maxTotalBytes: kMaxTotalBytes,
};

/**
 * Where an entry is in the zip, for another thread to read: its local header (which that thread
 * checks and skips), its stored size, and what it must inflate to.
 */
export interface EntryLocation {
  header: number;
  compressedSize: number;
  deflated: boolean;
  declared: number;
}

/** What the extract core needs from a trace container. */
export interface TraceReader {
  readonly name: string;
  readonly entries: ReadonlySet<string>;
  readonly sha256: string;
  readonly bytes: number;
  /** The whole zip, in shared memory (a thread can read entries from it in place). */
  readonly zip: Uint8Array;
  text(entry: string): Promise<string>;
  data(entry: string): Promise<Uint8Array>;
  /**
   * Where `entry` is, checked as far as `data()` checks it without reading it, for another thread
   * to inflate; its declared size counts as inflated. When that thread finds the entry unreadable
   * (bad local header, does not inflate to its size), `data(entry)` throws the error that says why.
   */
  locate(entry: string): Promise<EntryLocation>;
}

/**
 * Entries compressed to at most this many bytes inflate in one synchronous call (<= ~66 MB at
 * deflate's 1032:1 bound): screenshots and aria files are this small, and a call on the thread
 * costs less than a trip to the thread pool. Larger ones inflate off the thread.
 */
const kWholeEntryCompressedBytes = 64 * 1024;
const kStored = 0;
const kDeflated = 8;
const kZipMagic = [0x50, 0x4b];

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Every file entry (directories left out); a later entry of the same name wins. */
async function listEntries(zip: yauzl.ZipFile, name: string, limits: ZipLimits): Promise<Map<string, yauzl.Entry>> {
  if (zip.entryCount > limits.maxEntries) throw new UsageError(`${name} has ${zip.entryCount} entries, more than ${limits.maxEntries}: not a trace`);
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (!entry.fileName.endsWith('/')) entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}

/** The file's bytes in a SharedArrayBuffer, which a worker thread reads without a copy. */
async function readShared(file: string): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.from(new SharedArrayBuffer(size));
    let read = 0;
    while (read < size) {
      const { bytesRead } = await handle.read(buffer, read, size - read, read);
      if (!bytesRead) break;
      read += bytesRead;
    }
    return buffer.subarray(0, read);
  } finally {
    await handle.close();
  }
}

export async function openTraceZip(file: string, limits: ZipLimits = kDefaultLimits): Promise<TraceReader> {
  const name = path.basename(file);
  let stat;
  try {
    stat = await fs.stat(file);
  } catch {
    throw new UsageError(`trace not found: ${file}`, 'pass a session id or a path to a trace zip');
  }
  if (!stat.isFile()) throw new UsageError(`${file} is not a file`, 'pass a path to a trace zip');
  if (stat.size > limits.maxZipBytes) {
    throw new UsageError(`${name} is ${stat.size} bytes, more than the ${limits.maxZipBytes} bytes extract reads`, 'split the run or raise the limit');
  }
  // The compressed zip is held once; entries are inflated from it one by one.
  const buffer = await readShared(file);
  if (buffer.length < 4 || buffer[0] !== kZipMagic[0] || buffer[1] !== kZipMagic[1]) {
    throw new UsageError(`${name} is not a zip file`, 'pass a Playwright trace zip (traces/<id>.zip or a test-results trace.zip)');
  }
  let zip: yauzl.ZipFile;
  let entries: Map<string, yauzl.Entry>;
  try {
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true });
    entries = await listEntries(zip, name, limits);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`${name} is truncated or not a valid zip (${messageOf(err)})`, 'record or copy the trace again');
  }
  let declaredTotal = 0;
  for (const entry of entries.values()) {
    if (entry.uncompressedSize > limits.maxEntryBytes) {
      throw new UsageError(`${name}!${entry.fileName} declares ${entry.uncompressedSize} bytes, more than the ${limits.maxEntryBytes} allowed per entry (zip bomb?)`);
    }
    declaredTotal += entry.uncompressedSize;
  }
  if (declaredTotal > limits.maxTotalBytes) {
    throw new UsageError(`${name} declares ${declaredTotal} bytes in total, more than the ${limits.maxTotalBytes} allowed (zip bomb?)`);
  }
  const sha256 = crypto.createHash('sha256').update(buffer).digest('hex');
  return new ZipReader({ name, zip, buffer, entries, sha256, limits });
}

interface ZipReaderOptions {
  name: string;
  zip: yauzl.ZipFile;
  buffer: Buffer;
  entries: Map<string, yauzl.Entry>;
  sha256: string;
  limits: ZipLimits;
}

/** Entries a trace can hold: not encrypted, stored or deflated. */
function checkMethod(entry: yauzl.Entry, where: string): void {
  if (entry.isEncrypted()) throw new UsageError(`${where} is encrypted`, 'record or copy the trace again');
  if (entry.compressionMethod !== kStored && entry.compressionMethod !== kDeflated) {
    throw new UsageError(`${where} uses compression method ${entry.compressionMethod}, which a trace never does`, 'record or copy the trace again');
  }
}

class ZipReader implements TraceReader {
  readonly name: string;
  readonly entries: ReadonlySet<string>;
  readonly sha256: string;
  readonly bytes: number;
  readonly zip: Uint8Array;
  private inflated = 0;

  constructor(private readonly options: ZipReaderOptions) {
    this.name = options.name;
    this.entries = new Set(options.entries.keys());
    this.sha256 = options.sha256;
    this.bytes = options.buffer.length;
    this.zip = options.buffer;
  }

  async locate(name: string): Promise<EntryLocation> {
    const entry = this.entry(name);
    checkMethod(entry, `${this.name}!${name}`);
    const declared = entry.uncompressedSize;
    // A stored entry of the wrong size fails here, with data()'s error.
    if (entry.compressionMethod === kStored && entry.compressedSize !== declared) await this.data(name);
    this.count(declared);
    return { header: entry.relativeOffsetOfLocalHeader, compressedSize: entry.compressedSize, deflated: entry.compressionMethod === kDeflated, declared };
  }

  private entry(name: string): yauzl.Entry {
    const entry = this.options.entries.get(name);
    if (!entry) throw new UsageError(`${this.name} has no entry ${name}`);
    return entry;
  }

  /** Counts inflated bytes against the reader's total limit. */
  private count(bytes: number): void {
    this.inflated += bytes;
    if (this.inflated > this.options.limits.maxTotalBytes) throw new UsageError(`${this.name} inflates to more than ${this.options.limits.maxTotalBytes} bytes (zip bomb?)`);
  }

  async text(entry: string): Promise<string> {
    const data = await this.data(entry);
    return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8');
  }

  /** Inflates one entry, stopping as soon as it passes its declared size or a limit. */
  async data(name: string): Promise<Uint8Array> {
    const entry = this.entry(name);
    const where = `${this.name}!${name}`;
    const raw = await this.compressed(entry, where);
    const declared = entry.uncompressedSize;
    let data: Buffer;
    if (entry.compressionMethod === kStored) {
      if (raw.length !== declared) throw new UsageError(`${where} holds ${raw.length} bytes, not the ${declared} it declares (truncated or corrupt zip)`, 'record or copy the trace again');
      data = raw;
    } else if (raw.length <= kWholeEntryCompressedBytes) {
      data = this.whole(raw, declared, where);
    } else {
      data = await this.offThread(raw, declared, where);
    }
    this.count(data.length);
    return data;
  }

  /** The entry's bytes as stored in the zip (a view, not a copy). */
  private async compressed(entry: yauzl.Entry, where: string): Promise<Buffer> {
    checkMethod(entry, where);
    let start: number;
    try {
      start = (await this.options.zip.readLocalFileHeaderPromise(entry, { minimal: true })).fileDataStart;
    } catch (err) {
      throw new UsageError(`${where} cannot be read: ${messageOf(err)} (truncated or corrupt zip)`, 'record or copy the trace again');
    }
    const end = start + entry.compressedSize;
    if (end > this.options.buffer.length) throw new UsageError(`${where} cannot be read: it ends past the end of the zip (truncated or corrupt zip)`, 'record or copy the trace again');
    return this.options.buffer.subarray(start, end);
  }

  /** Small entries inflate in one call: deflate cannot grow them past ~1032x, so memory stays bounded. */
  private whole(raw: Buffer, declared: number, where: string): Buffer {
    let data: Buffer;
    try {
      data = zlib.inflateRawSync(raw, { maxOutputLength: declared + 1 });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new UsageError(`${where} does not inflate to the ${declared} bytes it declares (corrupt zip or zip bomb)`, 'record or copy the trace again');
      }
      throw new UsageError(`${where} cannot be read: ${messageOf(err)} (truncated or corrupt zip)`, 'record or copy the trace again');
    }
    if (data.length !== declared) throw new UsageError(`${where} does not inflate to the ${declared} bytes it declares (truncated or corrupt zip)`, 'record or copy the trace again');
    return data;
  }

  /** Large entries inflate on the thread pool; zlib stops as soon as the output passes the declared size. */
  private async offThread(raw: Buffer, declared: number, where: string): Promise<Buffer> {
    let data: Buffer;
    try {
      data = await new Promise<Buffer>((resolve, reject) => {
        zlib.inflateRaw(raw, { maxOutputLength: declared + 1 }, (err, out) => (err ? reject(err) : resolve(out)));
      });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new UsageError(`${where} inflates to more than the ${declared} bytes it declares (corrupt zip or zip bomb)`, 'record or copy the trace again');
      }
      throw new UsageError(`${where} cannot be read: ${messageOf(err)} (truncated or corrupt zip)`, 'record or copy the trace again');
    }
    if (data.length !== declared) throw new UsageError(`${where} inflates to ${data.length} bytes, not the ${declared} it declares (truncated or corrupt zip)`, 'record or copy the trace again');
    return data;
  }
}

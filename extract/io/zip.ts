import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import JSZip from 'jszip';
import { UsageError } from '../../core/errors.ts';
import { declaredSizes, type DeclaredSize } from './central-directory.ts';

/**
 * Reads a trace zip with limits on declared and actual sizes, so a zip bomb or a damaged file ends
 * with a sentence, not an out-of-memory crash. The only place that touches jszip.
 */

/** Largest zip we load into memory; real traces of long runs stay far below it. */
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

/** What the extract core needs from a trace container. */
export interface TraceReader {
  readonly name: string;
  readonly entries: ReadonlySet<string>;
  readonly sha256: string;
  readonly bytes: number;
  text(entry: string): Promise<string>;
  data(entry: string): Promise<Uint8Array>;
}


/** jszip's streaming API (present at runtime, missing from its type definitions). */
interface StreamHelper {
  on(event: 'data', fn: (chunk: Uint8Array) => void): StreamHelper;
  on(event: 'error', fn: (err: Error) => void): StreamHelper;
  on(event: 'end', fn: () => void): StreamHelper;
  pause(): StreamHelper;
  resume(): StreamHelper;
}
interface StreamingEntry {
  internalStream(type: 'uint8array'): StreamHelper;
}

/** Entries compressed to at most this many bytes are inflated whole (<= ~66 MB at deflate's 1032:1 bound). */
const kWholeEntryCompressedBytes = 64 * 1024;

const kZipMagic = [0x50, 0x4b];

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
  const buffer = await fs.readFile(file);
  if (buffer.length < 4 || buffer[0] !== kZipMagic[0] || buffer[1] !== kZipMagic[1]) {
    throw new UsageError(`${name} is not a zip file`, 'pass a Playwright trace zip (traces/<id>.zip or a test-results trace.zip)');
  }
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(buffer, { checkCRC32: false });
  } catch (err) {
    throw new UsageError(`${name} is truncated or not a valid zip (${err instanceof Error ? err.message : String(err)})`, 'record or copy the trace again');
  }
  const files = Object.values(zip.files).filter((f) => !f.dir);
  if (files.length > limits.maxEntries) throw new UsageError(`${name} has ${files.length} entries, more than ${limits.maxEntries}: not a trace`);
  let declaredTotal = 0;
  const sizes = declaredSizes(buffer);
  for (const entry of files) {
    const declared = sizes.get(entry.name)?.uncompressedSize ?? 0;
    if (declared > limits.maxEntryBytes) {
      throw new UsageError(`${name}!${entry.name} declares ${declared} bytes, more than the ${limits.maxEntryBytes} allowed per entry (zip bomb?)`);
    }
    declaredTotal += declared;
  }
  if (declaredTotal > limits.maxTotalBytes) {
    throw new UsageError(`${name} declares ${declaredTotal} bytes in total, more than the ${limits.maxTotalBytes} allowed (zip bomb?)`);
  }
  const sha256 = crypto.createHash('sha256').update(buffer).digest('hex');
  return new JsZipReader(name, zip, sha256, buffer.length, limits, sizes);
}

class JsZipReader implements TraceReader {
  readonly entries: ReadonlySet<string>;
  private inflated = 0;

  constructor(
    readonly name: string,
    private readonly zip: JSZip,
    readonly sha256: string,
    readonly bytes: number,
    private readonly limits: ZipLimits,
    private readonly sizes: ReadonlyMap<string, DeclaredSize>,
  ) {
    this.entries = new Set(Object.values(zip.files).filter((f) => !f.dir).map((f) => f.name));
  }

  async text(entry: string): Promise<string> {
    return Buffer.from(await this.data(entry)).toString('utf8');
  }

  /** Small entries inflate in one call: deflate cannot grow them past ~1032x, so memory stays bounded. */
  private async whole(file: JSZip.JSZipObject, declared: number, where: string): Promise<Uint8Array> {
    let data: Uint8Array;
    try {
      data = await file.async('uint8array');
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (/size mismatch/.test(message)) throw new UsageError(`${where} does not inflate to the ${declared} bytes it declares (corrupt zip or zip bomb)`, 'record or copy the trace again');
      throw new UsageError(`${where} cannot be read: ${message} (truncated or corrupt zip)`, 'record or copy the trace again');
    }
    this.inflated += data.length;
    if (data.length > declared) throw new UsageError(`${where} inflates to more than the ${declared} bytes it declares (corrupt zip or zip bomb)`, 'record or copy the trace again');
    if (data.length !== declared) throw new UsageError(`${where} inflates to ${data.length} bytes, not the ${declared} it declares (truncated or corrupt zip)`, 'record or copy the trace again');
    if (this.inflated > this.limits.maxTotalBytes) throw new UsageError(`${this.name} inflates to more than ${this.limits.maxTotalBytes} bytes (zip bomb?)`);
    return data;
  }

  /** Inflates one entry, stopping as soon as it passes its declared size or a limit. */
  data(entry: string): Promise<Uint8Array> {
    const file = this.zip.file(entry);
    if (!file) return Promise.reject(new UsageError(`${this.name} has no entry ${entry}`));
    const sizes = this.sizes.get(file.name);
    const declared = sizes?.uncompressedSize ?? this.limits.maxEntryBytes;
    const where = `${this.name}!${entry}`;
    if (sizes && sizes.compressedSize <= kWholeEntryCompressedBytes) return this.whole(file, declared, where);
    return new Promise((resolve, reject) => {
      const chunks: Uint8Array[] = [];
      let size = 0;
      let failed = false;
      const helper = (file as unknown as StreamingEntry).internalStream('uint8array');
      const fail = (message: string) => {
        failed = true;
        helper.pause();
        reject(new UsageError(message, 'record or copy the trace again'));
      };
      helper
        .on('data', (chunk: Uint8Array) => {
          if (failed) return;
          size += chunk.length;
          this.inflated += chunk.length;
          if (size > declared) return fail(`${where} inflates to more than the ${declared} bytes it declares (corrupt zip or zip bomb)`);
          if (size > this.limits.maxEntryBytes) return fail(`${where} inflates to more than ${this.limits.maxEntryBytes} bytes (zip bomb?)`);
          if (this.inflated > this.limits.maxTotalBytes) return fail(`${this.name} inflates to more than ${this.limits.maxTotalBytes} bytes (zip bomb?)`);
          chunks.push(chunk);
        })
        .on('error', (err: Error) => {
          if (!failed) fail(`${where} cannot be read: ${err.message} (truncated or corrupt zip)`);
        })
        .on('end', () => {
          if (failed) return;
          if (size !== declared && sizes) return fail(`${where} inflates to ${size} bytes, not the ${declared} it declares (truncated or corrupt zip)`);
          resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
        })
        .resume();
    });
  }
}

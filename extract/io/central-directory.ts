/**
 * The sizes every entry of a zip declares, read from its central directory (PKWARE APPNOTE 4.3.12
 * and 4.3.16), so limits are checked before anything is inflated. jszip reads them too but keeps
 * them private.
 */

export interface DeclaredSize {
  compressedSize: number;
  uncompressedSize: number;
}

const kEndSignature = 0x06054b50;
const kEntrySignature = 0x02014b50;
/** End-of-central-directory record without its comment. */
const kEndRecordBytes = 22;
/** Central-directory entry header before its name. */
const kEntryHeaderBytes = 46;
/** A comment can be up to 65,535 bytes, so the end record lies within this many bytes of the end. */
const kEndSearchBytes = kEndRecordBytes + 0xffff;
/** Sizes of this value are in a zip64 extra field: treated as unknown (the reader then streams with limits). */
const kZip64Marker = 0xffffffff;
/** General-purpose flag bit 11: the name is UTF-8 (else CP437, where ASCII names read the same). */
const kUtf8Flag = 0x0800;

function findEnd(buffer: Buffer): number {
  const stop = Math.max(0, buffer.length - kEndSearchBytes);
  for (let at = buffer.length - kEndRecordBytes; at >= stop; at--) {
    if (buffer.readUInt32LE(at) === kEndSignature) return at;
  }
  return -1;
}

/** Name -> declared sizes; an entry whose sizes are not in plain form is left out. Empty when the directory cannot be read. */
export function declaredSizes(buffer: Buffer): Map<string, DeclaredSize> {
  const sizes = new Map<string, DeclaredSize>();
  if (buffer.length < kEndRecordBytes) return sizes;
  const end = findEnd(buffer);
  if (end < 0) return sizes;
  const count = buffer.readUInt16LE(end + 10);
  let at = buffer.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    if (at + kEntryHeaderBytes > buffer.length || buffer.readUInt32LE(at) !== kEntrySignature) break;
    const flags = buffer.readUInt16LE(at + 8);
    const compressedSize = buffer.readUInt32LE(at + 20);
    const uncompressedSize = buffer.readUInt32LE(at + 24);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const nameBytes = buffer.subarray(at + kEntryHeaderBytes, at + kEntryHeaderBytes + nameLength);
    const name = nameBytes.toString(flags & kUtf8Flag ? 'utf8' : 'latin1');
    if (compressedSize !== kZip64Marker && uncompressedSize !== kZip64Marker) sizes.set(name, { compressedSize, uncompressedSize });
    at += kEntryHeaderBytes + nameLength + extraLength + commentLength;
  }
  return sizes;
}

import type { IncomingMessage } from 'node:http';

/** Request bodies of the demo app: url-encoded forms and multipart forms with files. */

/** Uploads are small demo files; anything larger is refused rather than buffered. */
export const kMaxBodyBytes = 5 * 1024 * 1024;

export class BodyTooLarge extends Error {}

export interface FormFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface FormBody {
  fields: Map<string, string>;
  files: Map<string, FormFile>;
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > kMaxBodyBytes) throw new BodyTooLarge(`request body over ${kMaxBodyBytes} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function headerParam(header: string, name: string): string | undefined {
  const match = new RegExp(`${name}="([^"]*)"|${name}=([^;\\s]*)`, 'i').exec(header);
  return match ? (match[1] ?? match[2]) : undefined;
}

/** Splits a multipart/form-data body at its boundary; the first value of a repeated field wins. */
export function parseMultipart(body: Buffer, boundary: string): FormBody {
  const result: FormBody = { fields: new Map(), files: new Map() };
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const partStart = start + delimiter.length;
    if (body.subarray(partStart, partStart + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, partStart);
    if (next === -1) break;
    // Each part: CRLF, headers, CRLF CRLF, content, CRLF before the next delimiter.
    const part = body.subarray(partStart + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const headers = part.subarray(0, headerEnd).toString('utf8');
      const content = part.subarray(headerEnd + 4);
      const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
      const name = headerParam(disposition, 'name');
      const filename = headerParam(disposition, 'filename');
      const contentType = /content-type:\s*([^\r\n]*)/i.exec(headers)?.[1]?.trim() ?? 'application/octet-stream';
      if (name !== undefined && filename !== undefined) {
        if (filename && !result.files.has(name)) result.files.set(name, { filename, contentType, data: Buffer.from(content) });
      } else if (name !== undefined && !result.fields.has(name)) {
        result.fields.set(name, content.toString('utf8'));
      }
    }
    start = next;
  }
  return result;
}

/** Parses a form body by its content type (url-encoded or multipart). */
export async function readForm(req: IncomingMessage): Promise<FormBody> {
  const body = await readBody(req);
  const type = req.headers['content-type'] ?? '';
  const boundary = /multipart\/form-data/i.test(type) ? headerParam(type, 'boundary') : undefined;
  if (boundary) return parseMultipart(body, boundary);
  const fields = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(body.toString('utf8'))) if (!fields.has(key)) fields.set(key, value);
  return { fields, files: new Map() };
}

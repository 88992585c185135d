import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import JSZip from 'jszip';

/**
 * Scans every byte under some directories for a secret in the spellings it can take on disk:
 * raw, URL-encoded (both hex cases, form-encoded), JSON-escaped (once and twice), HTML-escaped,
 * and base64 at all three byte alignments. Zip entries are decompressed and scanned recursively,
 * and gzip members too.
 */

function htmlEscape(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The stable base64 characters of `value` at byte offsets 0, 1 and 2 of a longer payload. */
export function base64Alignments(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const forms: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64').replace(/=+$/, '');
    const start = Math.ceil((offset * 8) / 6);
    const end = (offset + bytes.length) % 3 === 0 ? encoded.length : encoded.length - 1;
    forms.push(encoded.slice(start, end));
  }
  return forms;
}

/** Each encoding with a label, for readable hits. */
export function encodings(value: string): { label: string; form: string }[] {
  const json = JSON.stringify(value).slice(1, -1);
  const all = [
    { label: 'raw', form: value },
    { label: 'json', form: json },
    { label: 'json2', form: JSON.stringify(json).slice(1, -1) },
    { label: 'url', form: encodeURIComponent(value) },
    { label: 'url-lower', form: encodeURIComponent(value).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase()) },
    { label: 'form', form: new URLSearchParams({ v: value }).toString().slice(2) },
    { label: 'html', form: htmlEscape(value) },
    ...base64Alignments(value).map((form, i) => ({ label: `base64@${i}`, form })),
  ];
  const seen = new Set<string>();
  return all.filter(({ form }) => form.length >= 4 && !seen.has(form) && seen.add(form));
}

export interface ScanResult {
  files: number;
  bytes: number;
  hits: string[];
}

async function scanData(where: string, data: Buffer, forms: { label: string; form: Buffer }[], out: ScanResult, depth: number): Promise<void> {
  out.bytes += data.length;
  for (const { label, form } of forms) if (data.includes(form)) out.hits.push(`${where}: ${label}`);
  if (depth > 4) return;
  if (data.length > 4 && data[0] === 0x50 && data[1] === 0x4b) {
    const zip = await JSZip.loadAsync(data).catch(() => null);
    for (const entry of Object.values(zip?.files ?? {})) {
      if (!entry.dir) await scanData(`${where}!${entry.name}`, Buffer.from(await entry.async('uint8array')), forms, out, depth + 1);
    }
  } else if (data.length > 2 && data[0] === 0x1f && data[1] === 0x8b) {
    const inflated = (() => { try { return zlib.gunzipSync(data); } catch { return null; } })();
    if (inflated) await scanData(`${where}!gunzip`, inflated, forms, out, depth + 1);
  }
}

/** Every hit of `secret` (any encoding) in every file under `dirs`. */
export async function scanForSecret(dirs: string[], secret: string): Promise<ScanResult> {
  const forms = encodings(secret).map(({ label, form }) => ({ label, form: Buffer.from(form, 'utf8') }));
  const out: ScanResult = { files: 0, bytes: 0, hits: [] };
  for (const dir of dirs) {
    const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      out.files++;
      await scanData(file, await fs.readFile(file), forms, out, 0);
    }
  }
  return out;
}

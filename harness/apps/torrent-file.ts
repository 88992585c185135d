import crypto from 'node:crypto';

/** A torrent file for the BitTorrent daemons' web interfaces (Transmission, qBittorrent) to list. */

type Bencoded = number | string | Buffer | { [key: string]: Bencoded };

/** Bencoding (BEP 3), enough for a torrent file. */
function bencode(value: Bencoded): Buffer {
  if (typeof value === 'number') return Buffer.from(`i${value}e`);
  if (typeof value === 'string') return bencode(Buffer.from(value));
  if (Buffer.isBuffer(value)) return Buffer.concat([Buffer.from(`${value.length}:`), value]);
  const keys = Object.keys(value).sort();
  return Buffer.concat([Buffer.from('d'), ...keys.flatMap((key) => [bencode(key), bencode(value[key]!)]), Buffer.from('e')]);
}

/** The seed file's name and the torrent's comment, as the web interfaces show them. */
export const kSeedName = 'garden-notes.txt';
export const kSeedComment = 'Seed catalogue';

/** The seed torrent: one small text file, no tracker, so nobody is ever asked for it. */
export function seedTorrent(): Buffer {
  const data = Buffer.from('tomatoes, beans, squash\n'.repeat(100));
  const pieceLength = 16_384;
  const pieces = crypto.createHash('sha1').update(data).digest();
  return bencode({ info: { name: kSeedName, length: data.length, 'piece length': pieceLength, pieces }, comment: kSeedComment, 'created by': 'hand' });
}

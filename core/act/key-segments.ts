/**
 * What a recorded `send_keys` does, read from its keys: chords separated by spaces, pressed in
 * turn (`"Enter"`, `"Control+A Delete"`, `"S o w Space t h e"`), as capture and replay press them.
 * Keys that each type one character, one after another, spell a text (`"Sow the"`); any other key
 * or chord (`Enter`, `Control+A`, `ArrowDown`) stays a key to press.
 */

export type KeySegment = { kind: 'text'; text: string } | { kind: 'key'; key: string };

/** The key name that types a space: a sequence cannot write the space itself, which separates its chords. */
const kSpaceKey = 'Space';

/**
 * Fewer characters than this in a row are pressed, not typed: one character typed says nothing
 * `press` does not, and a lone `a` between two chords reads as the key it is.
 */
const kMinTypedRun = 2;

/** The chords of a key sequence, in the order they are pressed. */
export function keyChords(keys: string): string[] {
  return keys.split(/\s+/).filter(Boolean);
}

/** The character a chord types, or null for a key that types none (a named key, a chord with a modifier). */
function typedCharacter(chord: string): string | null {
  if (chord === kSpaceKey) return ' ';
  return [...chord].length === 1 ? chord : null;
}

export function keySegments(keys: string): KeySegment[] {
  const out: KeySegment[] = [];
  let run: string[] = [];
  const endRun = () => {
    if (run.length >= kMinTypedRun) out.push({ kind: 'text', text: run.map((chord) => typedCharacter(chord)!).join('') });
    else out.push(...run.map((key): KeySegment => ({ kind: 'key', key })));
    run = [];
  };
  for (const chord of keyChords(keys)) {
    if (typedCharacter(chord) !== null) {
      run.push(chord);
      continue;
    }
    endRun();
    out.push({ kind: 'key', key: chord });
  }
  endRun();
  return out;
}

/** Whether a key sequence is one key or chord (`Enter`, `Control+A`): pressed as recorded, nothing to spell. */
export function isSingleChord(keys: string): boolean {
  return keyChords(keys).length === 1;
}

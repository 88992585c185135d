import { defineAction } from './define.ts';

/** `"Enter"`, `"Control+A Delete"`: chords separated by spaces, each pressed in turn. */
export function splitChords(keys: string): string[] {
  return keys.split(/\s+/).filter(Boolean);
}

export default defineAction({
  name: 'send_keys',
  description: 'Press keys on the focused element: chords like "Enter", "Escape", "Control+A", separated by spaces.',
  async run(ctx, { keys }) {
    for (const chord of splitChords(keys)) await ctx.page.keyboard.press(chord);
    return { text: `Pressed ${keys}` };
  },
});

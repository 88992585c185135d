/**
 * Generated specs whose flow changes the app's data carry this tag (`npx playwright test
 * --grep-invert @changes-data` skips them), and `brow-use/test` puts the app's data back before
 * each of them when a reset command is set: this environment variable, or `use.resetCommand` in
 * the Playwright config.
 */
export const kChangesDataTag = '@changes-data';

export const kResetCommandEnv = 'BU_RESET_COMMAND';

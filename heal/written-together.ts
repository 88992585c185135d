import { Node, Project } from '../generate/ts-morph.ts';
import { applyEdits, type FileEdit } from './file-edits.ts';

/**
 * The files as healed: every test's edits of a file, each computed against the text the failing
 * run ran, applied together (heal/file-edits.ts), then re-read. An edit stays only when the new
 * text still parses as it did and holds the edit's code as one expression where it was put; a test
 * with an edit that conflicts with another's, or fails that check, has none of its edits applied,
 * in any file. What is left is written whole or not at all (heal/heal.ts's `applyHeal`).
 */

export interface TestEdit extends FileEdit {
  /** The file's path, as heal read it. */
  file: string;
}

/** Why a test's edits were all left out. */
const kConflict = 'two heals change the same code differently: neither is written (heal each test alone, or fix it by hand)';

function syntaxErrors(project: Project, file: string, text: string): number {
  const source = project.createSourceFile(file, text, { overwrite: true });
  return project.getProgram().compilerObject.getSyntacticDiagnostics(source.compilerNode).length;
}

/** Whether `text` is the whole text of an expression that starts at `at` in the parsed file. */
function holdsAt(project: Project, file: string, at: number, text: string): boolean {
  const source = project.getSourceFileOrThrow(file);
  for (let node: Node | undefined = source.getDescendantAtPos(at); node; node = node.getParent()) {
    if (node.getStart() !== at) break;
    if (node.getText() === text) return Node.isExpression(node) || Node.isStringLiteral(node);
  }
  return false;
}

export function writtenTogether(before: ReadonlyMap<string, string>, edits: readonly TestEdit[]): { after: Map<string, string>; refused: Map<string, string> } {
  const refused = new Map<string, string>();
  const project = new Project({ useInMemoryFileSystem: true, compilerOptions: { allowJs: true, noEmit: true } });
  for (;;) {
    const after = new Map<string, string>();
    let changed = false;
    for (const [file, text] of before) {
      const own = edits.filter((e) => e.file === file && !refused.has(e.owner));
      if (!own.length) continue;
      const applied = applyEdits(text, own);
      const refuse = (owner: string, reason: string) => {
        if (refused.has(owner)) return;
        refused.set(owner, reason);
        changed = true;
      };
      for (const owner of applied.conflicting) refuse(owner, kConflict);
      const memory = `/heal${file.startsWith('/') ? '' : '/'}${file}`;
      const errorsBefore = syntaxErrors(project, memory, text);
      if (syntaxErrors(project, memory, applied.text) > errorsBefore) {
        for (const edit of applied.applied) refuse(edit.owner, `the patched ${file} would not parse: not written`);
      }
      for (const edit of applied.applied) {
        if (!holdsAt(project, memory, edit.at, edit.text)) refuse(edit.owner, `the patched ${file} does not hold the new locator where it was put: not written`);
      }
      after.set(file, applied.text);
    }
    if (!changed) return { after, refused };
  }
}

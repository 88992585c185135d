import type { SourceFile } from 'ts-morph';
import { IndentationText, NewLineKind, Project, QuoteKind } from '../ts-morph.ts';

/**
 * The ts-morph project every emitter writes into: in memory, two-space indentation, single
 * quotes, LF line ends. Printing formats the file so the same structure gives the same bytes.
 */

export function newProject(): Project {
  return new Project({
    useInMemoryFileSystem: true,
    skipAddingFilesFromTsConfig: true,
    manipulationSettings: {
      indentationText: IndentationText.TwoSpaces,
      quoteKind: QuoteKind.Single,
      newLineKind: NewLineKind.LineFeed,
      useTrailingCommas: true,
    },
  });
}

export function createSource(project: Project, file: string, text = ''): SourceFile {
  return project.createSourceFile(file, text, { overwrite: true });
}

/** The file's text: ts-morph writes structures already formatted; only empty bodies and blank lines are tidied. */
export function printSource(file: SourceFile): string {
  return file
    .getFullText()
    .replace(/\) \{\s*\}/g, ') {}')
    .replace(/^(import [^\n]*;\n)(?!import |\n)/m, '$1\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/\n*$/, '\n');
}

/** Text for a doc comment: recorded text (a title, a URL, a name) may hold the comment terminator. */
export function commentText(text: string): string {
  return text.replace(/\*\//g, '*\\/');
}

/** A template literal for multi-line text (aria snapshot templates). */
export function templateLiteral(value: string): string {
  return `\`${value.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${')}\``;
}

/** A regular expression literal from a pattern source. */
export function regexLiteral(source: string): string {
  return `/${source.replace(/(^|[^\\])\//g, '$1\\/')}/`;
}

import { createHash } from 'node:crypto';
import type { JSDocableNode, SourceFile } from 'ts-morph';
import { Node } from '../ts-morph.ts';

/**
 * Provenance of generated code: every generated unit (class member, top-level function, type,
 * constant or `test(...)` call) carries `@generated brow-use <hash>` in its JSDoc, where the hash
 * covers the unit's code. A unit whose code no longer matches its hash was edited by a person.
 */

export const kGeneratedTag = 'generated';
export const kProvenancePrefix = 'brow-use';
/** Hex digits of the hash: enough to notice an edit, short enough to read. */
const kHashLength = 12;

export type Unit = Node & JSDocableNode;

export function unitHash(unit: Node): string {
  // Whitespace is formatting, not an edit: a reformatted member still counts as generated.
  const code = unit.getText(false).replace(/\s+/g, '');
  return createHash('sha256').update(code).digest('hex').slice(0, kHashLength);
}

export function recordedHash(unit: Unit): string | null {
  for (const doc of unit.getJsDocs()) {
    for (const tag of doc.getTags()) {
      if (tag.getTagName() !== kGeneratedTag) continue;
      const match = new RegExp(`^${kProvenancePrefix} ([0-9a-f]+)`).exec(tag.getCommentText()?.trim() ?? '');
      if (match) return match[1]!;
    }
  }
  return null;
}

export type UnitOrigin = 'generated' | 'edited' | 'person';

export function unitOrigin(unit: Unit): UnitOrigin {
  const recorded = recordedHash(unit);
  if (recorded === null) return 'person';
  return recorded === unitHash(unit) ? 'generated' : 'edited';
}

/** The units of a file with a key that identifies them across regenerations. */
export function unitsOf(file: SourceFile): Map<string, Unit> {
  const units = new Map<string, Unit>();
  for (const statement of file.getStatements()) {
    if (Node.isClassDeclaration(statement)) {
      for (const member of statement.getMembers()) {
        const key = memberKey(statement.getName() ?? '', member);
        if (key && Node.isJSDocable(member)) units.set(key, member);
      }
      continue;
    }
    const key = statementKey(statement);
    if (key && Node.isJSDocable(statement)) units.set(key, statement as Unit);
  }
  return units;
}

export function memberKey(className: string, member: Node): string | null {
  if (Node.isConstructorDeclaration(member)) return `${className}.constructor`;
  if (Node.isMethodDeclaration(member) || Node.isPropertyDeclaration(member) || Node.isGetAccessorDeclaration(member)) {
    return `${className}.${member.getName()}`;
  }
  return null;
}

export function statementKey(statement: Node): string | null {
  if (Node.isFunctionDeclaration(statement)) return `function ${statement.getName() ?? ''}`;
  if (Node.isInterfaceDeclaration(statement) || Node.isTypeAliasDeclaration(statement)) return `type ${statement.getName()}`;
  if (Node.isVariableStatement(statement)) return `const ${statement.getDeclarations().map((d) => d.getName()).join(',')}`;
  if (Node.isExpressionStatement(statement)) {
    const call = statement.getExpression();
    if (!Node.isCallExpression(call)) return null;
    const title = call.getArguments()[0];
    const callee = call.getExpression().getText();
    return title && Node.isStringLiteral(title) ? `${callee} ${title.getLiteralValue()}` : null;
  }
  return null;
}

/**
 * Stamps every unit of a freshly generated file with its hash (units need a JSDoc already). The
 * tags are spliced into the text in one edit: one reparse per file, not one per unit.
 */
export function stampProvenance(file: SourceFile): void {
  const text = file.getFullText();
  const edits: { from: number; to: number; text: string }[] = [];
  for (const unit of unitsOf(file).values()) {
    const doc = unit.getJsDocs().at(-1);
    if (!doc) throw new Error(`generated unit without JSDoc: ${unit.getText().slice(0, 60)}`);
    const indent = unit.getIndentationText();
    const tag = `${indent} * @${kGeneratedTag} ${kProvenancePrefix} ${unitHash(unit)}\n`;
    const close = doc.getEnd() - 2;
    if (doc.getText().includes('\n')) {
      const lineStart = text.lastIndexOf('\n', close - 1) + 1;
      edits.push({ from: lineStart, to: lineStart, text: tag });
    } else {
      const description = text.slice(doc.getStart() + 3, close).trim();
      edits.push({ from: doc.getStart(), to: doc.getEnd(), text: `/**\n${indent} * ${description}\n${tag}${indent} */` });
    }
  }
  let out = text;
  for (const edit of edits.sort((a, b) => b.from - a.from)) out = out.slice(0, edit.from) + edit.text + out.slice(edit.to);
  file.replaceWithText(out);
}

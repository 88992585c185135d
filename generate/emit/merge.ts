import type { ImportDeclaration, SourceFile } from 'ts-morph';
import { Node } from '../ts-morph.ts';
import { createSource, newProject, printSource } from './source.ts';
import { memberKey, statementKey, unitOrigin, unitsOf, type Unit } from './provenance.ts';

/**
 * Regenerating over an existing file: generated units are replaced by their new version, units a
 * person added (no provenance tag) or edited (tag no longer matches the code) are kept where they
 * were (or appended to their class or file), imports they use are kept, nothing is duplicated.
 * The result depends only on the fresh and the existing text, so reruns give the same bytes.
 */
export function mergeGenerated(fresh: string, existing: string, file: string): string {
  const project = newProject();
  const out = createSource(project, `/out/${file}`, fresh);
  const old = createSource(project, `/old/${file}`, existing);
  const kept = new Map<string, Unit>();
  for (const [key, unit] of unitsOf(old)) {
    if (unitOrigin(unit) !== 'generated') kept.set(key, unit);
  }
  const freshUnits = unitsOf(out);
  for (const [key, unit] of freshUnits) {
    const mine = kept.get(key);
    if (mine) replaceUnit(unit, textOf(mine));
  }
  appendMissing(out, old, kept, new Set(freshUnits.keys()));
  keepImports(out, old, [...kept.values()].map((unit) => unit.getText(true)));
  return printSource(out);
}

/** A unit's text with its JSDoc, lines after the first dedented by the unit's own indentation. */
function textOf(unit: Node): string {
  const indent = unit.getIndentationText();
  return unit
    .getText(true)
    .split('\n')
    .map((line, i) => (i > 0 && line.startsWith(indent) ? line.slice(indent.length) : line))
    .join('\n');
}

function replaceUnit(unit: Unit, text: string): void {
  const parent = unit.getParent();
  if (Node.isClassDeclaration(parent)) {
    const index = parent.getMembers().indexOf(unit as never);
    (unit as unknown as { remove(): void }).remove();
    parent.insertMember(index, text);
    return;
  }
  const index = unit.getChildIndex();
  (unit as unknown as { remove(): void }).remove();
  (parent as SourceFile).insertStatements(index, text);
}

/** Kept units the fresh file has no place for: class members to their class, the rest to the end. */
function appendMissing(out: SourceFile, old: SourceFile, kept: Map<string, Unit>, freshKeys: Set<string>): void {
  for (const statement of old.getStatements()) {
    if (Node.isImportDeclaration(statement)) continue;
    if (Node.isClassDeclaration(statement)) {
      const name = statement.getName() ?? '';
      const target = out.getClass(name);
      if (!target) {
        if (!hasGeneratedMembers(statement)) out.addStatements(statement.getText(true));
        continue;
      }
      for (const member of statement.getMembers()) {
        const key = memberKey(name, member);
        if (key && kept.has(key) && !freshKeys.has(key)) target.addMember(textOf(member));
      }
      continue;
    }
    const key = statementKey(statement);
    if (key === null) {
      if (!out.getStatements().some((s) => s.getText(true) === statement.getText(true))) out.addStatements(statement.getText(true));
    } else if (kept.has(key) && !freshKeys.has(key)) {
      out.addStatements(statement.getText(true));
    }
  }
}

function hasGeneratedMembers(statement: Node): boolean {
  return Node.isClassDeclaration(statement) && statement.getMembers().some((m) => Node.isJSDocable(m) && unitOrigin(m as Unit) === 'generated');
}

/** The local name a named import binds (`b` of `a as b`). */
function localName(specifier: string): string {
  return specifier.split(/\s+as\s+/).pop()!;
}

/**
 * Named imports of the old file that kept units still use. A name the fresh file already binds
 * is not imported again from the old module: a spec that moved `test` from `@playwright/test` to
 * `brow-use/test` (whose `test` extends Playwright's) keeps the tests a person wrote on the new one.
 */
function keepImports(out: SourceFile, old: SourceFile, keptTexts: string[]): void {
  const used = (name: string) => keptTexts.some((text) => new RegExp(`\\b${name}\\b`).test(text));
  const bound = new Set(out.getImportDeclarations().flatMap((d) => [...d.getNamedImports().map((n) => localName(n.getText())), ...(d.getDefaultImport() ? [d.getDefaultImport()!.getText()] : [])]));
  for (const declaration of old.getImportDeclarations()) {
    const specifier = declaration.getModuleSpecifierValue();
    const wanted = declaration.getNamedImports().map((n) => n.getText()).filter((text) => used(localName(text)) && !bound.has(localName(text)));
    const defaultName = declaration.getDefaultImport()?.getText();
    const defaultImport = defaultName && used(defaultName) && !bound.has(defaultName) ? defaultName : undefined;
    if (!wanted.length && !defaultImport) continue;
    const target: ImportDeclaration | undefined = out.getImportDeclaration((d) => d.getModuleSpecifierValue() === specifier);
    if (!target) {
      out.insertImportDeclaration(out.getImportDeclarations().length, { moduleSpecifier: specifier, namedImports: wanted, ...(defaultImport ? { defaultImport } : {}), isTypeOnly: declaration.isTypeOnly() });
      continue;
    }
    const have = new Set(target.getNamedImports().map((n) => n.getText()));
    for (const name of wanted) if (!have.has(name)) target.addNamedImport(name);
  }
}

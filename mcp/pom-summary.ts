import fs from 'node:fs';
import path from 'node:path';
import type { ClassDeclaration, JSDocableNode } from 'ts-morph';
import { Project } from '../generate/ts-morph.ts';

/**
 * What page objects offer, read from their AST (not from the generator's model), so classes a
 * person edited or wrote by hand are summarized as they are: class names, members, methods.
 */

export interface MemberSummary {
  name: string;
  kind: 'getter' | 'property';
  type: string;
  isStatic: boolean;
  doc: string | null;
}

export interface MethodSummary {
  name: string;
  params: Array<{ name: string; type: string }>;
  returnType: string;
  isAsync: boolean;
  isStatic: boolean;
  doc: string | null;
}

export interface ClassSummary {
  file: string;
  name: string;
  exported: boolean;
  doc: string | null;
  members: MemberSummary[];
  methods: MethodSummary[];
}

function docOf(node: JSDocableNode): string | null {
  const text = node.getJsDocs().map((doc) => doc.getDescription().trim()).filter(Boolean).join('\n');
  return text ? text.split('\n')[0]!.trim() : null;
}

function summarizeClass(cls: ClassDeclaration, file: string): ClassSummary {
  const members: MemberSummary[] = [
    ...cls.getProperties().map((p) => ({ name: p.getName(), kind: 'property' as const, type: p.getTypeNode()?.getText() ?? inferred(p.getInitializer()?.getText()), isStatic: p.isStatic(), doc: docOf(p) })),
    ...cls.getGetAccessors().map((g) => ({ name: g.getName(), kind: 'getter' as const, type: g.getReturnTypeNode()?.getText() ?? 'unknown', isStatic: g.isStatic(), doc: docOf(g) })),
  ];
  const ctor = cls.getConstructors()[0];
  for (const param of ctor?.getParameters() ?? []) {
    if (param.isParameterProperty()) members.push({ name: param.getName(), kind: 'property', type: param.getTypeNode()?.getText() ?? 'unknown', isStatic: false, doc: null });
  }
  const methods = cls.getMethods().map((m) => ({
    name: m.getName(),
    params: m.getParameters().map((p) => ({ name: p.getName(), type: p.getTypeNode()?.getText() ?? 'unknown' })),
    returnType: m.getReturnTypeNode()?.getText() ?? (m.isAsync() ? 'Promise<unknown>' : 'unknown'),
    isAsync: m.isAsync(),
    isStatic: m.isStatic(),
    doc: docOf(m),
  }));
  return { file, name: cls.getName() ?? '(anonymous)', exported: cls.isExported(), doc: docOf(cls), members, methods };
}

/** Without a type annotation only the initializer's shape is known (regex, string, number). */
function inferred(initializer: string | undefined): string {
  if (!initializer) return 'unknown';
  if (initializer.startsWith('/')) return 'RegExp';
  if (/^['"`]/.test(initializer)) return 'string';
  if (/^-?\d/.test(initializer)) return 'number';
  return 'unknown';
}

/** Every class in `target` (a .ts file or a directory searched recursively); paths relative to `root`. */
export function pomSummary(target: string, root: string): ClassSummary[] {
  const project = new Project({ skipAddingFilesFromTsConfig: true, skipFileDependencyResolution: true });
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return [];
  if (stat.isDirectory()) project.addSourceFilesAtPaths([path.join(target, '**/*.ts'), `!${path.join(target, '**/node_modules/**')}`]);
  else project.addSourceFileAtPath(target);
  const classes: ClassSummary[] = [];
  for (const source of project.getSourceFiles().sort((a, b) => a.getFilePath().localeCompare(b.getFilePath()))) {
    const file = path.relative(root, source.getFilePath()).split(path.sep).join('/');
    for (const cls of source.getClasses()) classes.push(summarizeClass(cls, file));
  }
  return classes;
}

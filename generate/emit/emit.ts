import type { PageModel } from '../../core/schema/page-model.ts';
import type { Names } from '../names/assign.ts';
import { emitContext } from './context.ts';
import { emitDoc, mergeDoc } from './docs.ts';
import { emitFingerprints } from './fingerprints.ts';
import { mergeGenerated } from './merge.ts';
import { emitPageObject } from './pom.ts';
import { newProject } from './source.ts';
import type { TimedStep } from './replay-timeout.ts';
import { emitFlowSpec, emitReplaySpec, historyCopyPath } from './spec.ts';
import { emitConfig, emitSecrets, emitTsconfig } from './support.ts';
import { emitWorkflow } from './workflow.ts';

/**
 * Everything `bu generate` writes, as (path under --out, text) pairs: a pure function of the model,
 * the names and the files already there.
 */

/** `merge`: generated code merged with an existing file; `doc`: kept tail; `create`: only when absent; `copy`: verbatim. */
export type WritePolicy = 'merge' | 'doc' | 'create' | 'copy';

export interface GeneratedFile {
  /** Path under `--out`, with forward slashes. */
  file: string;
  text: string;
  policy: WritePolicy;
}

/** A recorded history as the replay spec needs it: its text to copy, and its steps. */
export interface RecordedHistory {
  text: string;
  /** What the replay spec's timeout is computed from. */
  steps: readonly TimedStep[];
}

export interface EmitOptions {
  /** The history per session, copied to `<out>/histories/` for the replay specs. */
  histories: Map<string, RecordedHistory>;
  /** How the generated Playwright config imports the project's brow-use.config.ts; null without one. */
  projectConfig?: string | null;
}

export function emitAll(model: PageModel, names: Names, options: EmitOptions): GeneratedFile[] {
  const project = newProject();
  const ctx = emitContext(model, names);
  const files: GeneratedFile[] = [];
  for (const page of model.pages) {
    files.push({ ...emitPageObject(project, ctx, page), policy: 'merge' });
    files.push({ ...emitDoc(ctx, page), policy: 'doc' });
  }
  const needsSecrets = model.flows.some((flow) => flow.secrets.length);
  if (needsSecrets) files.push({ ...emitSecrets(project), policy: 'merge' });
  for (const flow of model.flows) {
    files.push({ ...emitWorkflow(project, ctx, flow), policy: 'merge' });
    const spec = emitFlowSpec(project, ctx, flow);
    if (spec) files.push({ ...spec, policy: 'merge' });
    const history = options.histories.get(flow.sessionId);
    if (history !== undefined) {
      files.push({ file: historyCopyPath(flow), text: history.text, policy: 'copy' });
      files.push({ ...emitReplaySpec(project, ctx, flow, history.steps), policy: 'merge' });
    }
  }
  files.push({ ...emitConfig(project, { baseUrl: model.baseUrl, testIdAttribute: model.testIdAttribute, projectConfig: options.projectConfig ?? null }), policy: 'create' });
  files.push({ ...emitTsconfig(), policy: 'create' });
  files.push({ ...emitFingerprints(ctx, model), policy: 'copy' });
  files.push({ file: 'model.json', text: JSON.stringify(model, null, 2) + '\n', policy: 'copy' });
  return files;
}

/** What to write for `file` given the existing text (null when absent); null means leave it. */
export function resolveWrite(file: GeneratedFile, existing: string | null): string | null {
  if (existing === null) return file.text;
  switch (file.policy) {
    case 'merge': return mergeGenerated(file.text, existing, file.file);
    case 'doc': return mergeDoc(file.text, existing);
    case 'create': return null;
    case 'copy': return file.text;
  }
}

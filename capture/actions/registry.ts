import { z } from 'zod';
import { ActionName } from '../../core/schema/actions.ts';
import { describeIssues } from '../../core/io/read.ts';
import type { ActionCall } from '../types.ts';
import click from './click.ts';
import close from './close.ts';
import type { AnyActionDef } from './define.ts';
import done from './done.ts';
import dropdownOptions from './dropdown_options.ts';
import extract from './extract.ts';
import goBack from './go_back.ts';
import hover from './hover.ts';
import input from './input.ts';
import navigate from './navigate.ts';
import readFile from './read_file.ts';
import replaceFile from './replace_file.ts';
import screenshot from './screenshot.ts';
import scroll from './scroll.ts';
import search from './search.ts';
import selectDropdown from './select_dropdown.ts';
import sendKeys from './send_keys.ts';
import switchTab from './switch.ts';
import uploadFile from './upload_file.ts';
import wait from './wait.ts';
import writeFile from './write_file.ts';

/**
 * The action registry: a plain array. The model's JSON schema, the prompt's action list and the
 * executor all read it, so they cannot drift apart.
 */
export const actions: readonly AnyActionDef[] = [
  navigate, search, goBack, wait, click, input, scroll, sendKeys, hover, switchTab, close, extract,
  screenshot, dropdownOptions, selectDropdown, uploadFile, writeFile, readFile, replaceFile, done,
];


const byName = new Map<ActionName, AnyActionDef>(actions.map((def) => [def.name, def]));
for (const name of ActionName.options) {
  if (!byName.has(name)) throw new Error(`action ${name} has no module in capture/actions`);
}

export function actionDef(name: ActionName): AnyActionDef {
  return byName.get(name)!;
}

/** What a model answers for one action: `{ "<name>": { ...params } }`. */
export function modelActionSchema(): z.ZodType<Record<string, Record<string, unknown>>> {
  const options = actions.map((def) => z.strictObject({ [def.name]: def.params }).describe(def.description));
  return z.union(options as unknown as [z.ZodObject, z.ZodObject, ...z.ZodObject[]]) as unknown as z.ZodType<Record<string, Record<string, unknown>>>;
}

/** JSON schema of one action call, for structured model output and tool lists. */
export function modelActionJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(modelActionSchema()) as Record<string, unknown>;
}

function paramSummary(def: AnyActionDef): string {
  const shape = def.params.shape as Record<string, z.ZodType>;
  const names = Object.keys(shape).map((key) => (shape[key]!.safeParse(undefined).success ? `${key}?` : key));
  return names.length ? `{${names.join(', ')}}` : '{}';
}

/** The action list for a prompt: one line per action with its params and description. */
export function actionListText(): string {
  return actions.map((def) => `- ${def.name} ${paramSummary(def)}: ${def.description}`).join('\n');
}

/** Parses a model's `{ "<name>": params }` into an ActionCall (index split out of the params). */
export function actionCallFromModel(value: unknown): ActionCall {
  const parsed = modelActionSchema().safeParse(value);
  if (!parsed.success) throw new Error(`not a valid action: ${describeIssues(parsed.error)}`);
  const [name, params] = Object.entries(parsed.data)[0]!;
  const action = ActionName.parse(name);
  const { index, ...rest } = params as { index?: number };
  return index === undefined ? { action, params: rest } : { action, params: rest, index };
}

import type { Page } from 'playwright';
import type { Fingerprint, RecordedLocator } from '../schema/history.ts';
import { locatorRole } from './aria-roles.ts';
import { steadyName } from './steady-name.ts';

/**
 * The recorded locator of an element whose accessible name carries a changing figure
 * (`Destination folder (81.5 GB Free):`): the recorder spells the figure out
 * (`getByRole('textbox', { name: 'Destination folder (81.5 GB' })`), which stops finding the
 * element once the figure changes. The name before the figure is recorded instead when it finds
 * the element alone on the page; else the recorder's locator stays.
 */
export async function steadyRoleLocator(page: Page, fp: Fingerprint, recorded: RecordedLocator): Promise<RecordedLocator> {
  if (!recorded.code.startsWith('getByRole(') || !fp.name || fp.frameChain.length) return recorded;
  const role = locatorRole(fp.role);
  const steady = steadyName(fp.name);
  if (!role || !steady) return recorded;
  const candidate = page.getByRole(role, { name: steady });
  return (await candidate.count().catch(() => 0)) === 1 ? { code: candidate.toString(), matches: 1 } : recorded;
}

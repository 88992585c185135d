import type { PageModel } from '../../core/schema/page-model.ts';
import { kPomFingerprintsFile, kPomFingerprintsVersion, type PomFingerprints, type PomMember } from '../../core/schema/pom-fingerprints.ts';
import type { EmitContext } from './context.ts';

/** `pom/.fingerprints.json`: each locator member of the page objects and the recorded fingerprint of its element. */
export function emitFingerprints(ctx: EmitContext, model: PageModel): { file: string; text: string } {
  const members: PomMember[] = [];
  for (const page of model.pages) {
    const names = ctx.pageNames(page.id);
    for (const element of page.elements) {
      const item = element.collection ? names.collections.get(element.collection) : null;
      const member = item ? item.members.get(element.id) : names.members.get(element.id);
      if (!member) continue;
      members.push({
        file: `pom/${names.className}.ts`,
        className: item ? item.className : names.className,
        member,
        page: page.id,
        element: element.id,
        collection: element.collection,
        heading: page.heading?.text ?? null,
        fingerprint: element.fingerprint,
      });
    }
  }
  const sidecar: PomFingerprints = { version: kPomFingerprintsVersion, members };
  return { file: kPomFingerprintsFile, text: JSON.stringify(sidecar, null, 2) + '\n' };
}

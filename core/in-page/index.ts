/**
 * The code that runs in the page, as the Node side calls it: each function exported here is
 * bundled on its own into a self-contained script (core/in-page-bundle.ts) and called through
 * core/in-page.ts (`inPage.fn('name')`, `inPage.source('name')`, `inPage.initScript('name')`).
 *
 * The modules of this folder are ordinary TypeScript typed against the DOM, with no Node:
 * `tsc --noEmit -p core/in-page` checks them alone. They run in pages an app controls, so they
 * tell kinds of node by node type and tag, never by `instanceof` a page global (a page may replace
 * those), and keep what they leave in a page under properties the app does not enumerate.
 */

export { absentPhrases } from './absent-phrases.ts';
export { ancestorClasses } from './ancestor-classes.ts';
export { readAtPaths } from './at-path.ts';
export { probeMany, probeWithHeading } from './candidates.ts';
export { hitPoint } from './centre-hit.ts';
export { coveredAtCentre, layerOverPage } from './covered.ts';
export { documentRead } from './document.ts';
export { domQuiet } from './dom-quiet.ts';
export { editable, editableIfAlone } from './editable.ts';
export { findEditables, frameElement } from './editables.ts';
export { readDetails } from './field-details.ts';
export { heldState, heldText } from './held-text.ts';
export { probeInTop } from './fingerprint.ts';
export { beginStep, foreignMark, installForeignChanges, takeForeign } from './foreign-changes.ts';
export { mainHeading, titleAndHeading } from './heading.ts';
export { readLinks } from './links.ts';
export { liveStateOfOne, liveStateWithHeading } from './live-state.ts';
export { nativeOptions } from './native-options.ts';
export { anyUnreachable, unreachable } from './offscreen.ts';
export { cssPath } from './probe/paths.ts';
export { probeElement } from './probe/probe.ts';
export { rowProbe } from './row-probe.ts';
export { selfChanges } from './self-changes.ts';
export { drawOverlay, removeOverlay } from './vision.ts';

import { z } from 'zod';
import { Fingerprint } from './history.ts';

/**
 * `pom/.fingerprints.json`, written by `bu generate` beside the page objects: for each locator
 * member of a generated class, the page and element it stands for and what the element looked
 * like when recorded. `bu heal` reads it to re-find an element whose locator broke; the classes
 * themselves carry no trace of it.
 */

export const kPomFingerprintsVersion = 1;

/** Where the sidecar lives, relative to the generated folder. */
export const kPomFingerprintsFile = 'pom/.fingerprints.json';

export const PomMember = z.strictObject({
  /** The page object file, relative to the generated folder: `pom/LoginPage.ts`. */
  file: z.string(),
  /** The class the getter is on: the page's class, or the class of one item of a collection. */
  className: z.string(),
  /** The getter's name: `signInButton`. */
  member: z.string(),
  /** The model's page and element ids (see model.json). */
  page: z.string(),
  element: z.string(),
  /** The collection whose item class holds the getter, or null for a member of the page's class. */
  collection: z.string().nullable(),
  /** The page's main heading when recorded, or null: a page reworded as a whole lets a renamed sole control be taken. */
  heading: z.string().nullable(),
  fingerprint: Fingerprint,
});
export type PomMember = z.infer<typeof PomMember>;

export const PomFingerprints = z.strictObject({
  version: z.literal(kPomFingerprintsVersion),
  members: z.array(PomMember),
});
export type PomFingerprints = z.infer<typeof PomFingerprints>;

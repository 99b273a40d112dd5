import 'server-only';
import type { Profile } from './profiles';
import type { FoundLoad } from './read-document';

/** Where a load was found: a page as one profile got it, or a script or frame it loads. */
export type Source = {
  url: string;
  profile: Profile;
  /** The text it was read from (the normalised copy, for the CMS's static files). */
  text: string;
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
  /** `page`, or the asset's URL: loads are compared across profiles within one scope. */
  scope: string;
  /** One of the CMS's own static scripts, which load nothing from other sites in a real release. */
  cmsFile: string | null;
  /** Offsets of code added to the nearest official file, when the file is tampered. */
  added: { offset: number; text: string }[];
  /** Known loader idioms in its code (debugger trap, platform test…): weak signals. */
  idioms: string[];
};

export type Observation = { load: FoundLoad; source: Source };

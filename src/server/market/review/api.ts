import 'server-only';
import type {
  packageDiff as diffOp,
  knownImport,
  knownReleases,
  packageFile,
  packageFiles,
  reviewNext,
} from '@/contract/api/review';
import { invalid } from '../../errors';
import { Reply } from '../../http/handler';
import type { Run } from '../../http/serve';
import { nextInQueue } from '../queue';
import { forgetKnownRelease, importKnownRelease, knownReleasesView } from '../validate/known-import';
import { packageDiff } from './package-diff';
import { readPackage, reviewedVersion } from './package-files';

/** The reviewer's tools (src/contract/api/review.ts); administrators only, checked by `serve`. */
export const next: Run<typeof reviewNext> = ({ input }) => nextInQueue(input.exclude);

export const files: Run<typeof packageFiles> = async ({ input }) => {
  const version = await reviewedVersion(input.version_id);
  const list = await readPackage(version);
  return {
    version_id: version.id,
    version: version.version,
    files: list.map(({ path, size, sha256, binary }) => ({ path, size, sha256, binary })),
  };
};

export const file: Run<typeof packageFile> = async ({ input }) => {
  const version = await reviewedVersion(input.version_id);
  const [found] = await readPackage(version, input.path);
  if (!found) throw invalid('market.review.err.noFile');
  const { text, ...entry } = found;
  return { ...entry, too_large: !found.binary && text === undefined, text: text ?? '' };
};

export const diff: Run<typeof diffOp> = ({ input }) => packageDiff(input.version_id, input.base_id);

/** The known library releases, after removing one when asked. */
export const known: Run<typeof knownReleases> = async ({ input }) => {
  if (input.action !== 'remove') return knownReleasesView();
  await forgetKnownRelease(input.id);
  return new Reply(await knownReleasesView(), 'market.review.known.removed');
};

/** Imports a release archive (multipart), answering the list with it. */
export const importKnown: Run<typeof knownImport> = async ({ input, user }) => {
  await importKnownRelease({
    library: input.library,
    version: input.version,
    bytes: new Uint8Array(await input.file.arrayBuffer()),
    importedBy: user.id,
  });
  return new Reply(await knownReleasesView(), 'market.review.known.imported');
};

/** The release reader's thread (release-off-loop.ts): unpacking a release never holds the event loop. */
import 'server-only';
import { serveJobs } from '../../threads/serve';
import { type ReleaseFiles, readReleaseFiles } from './release-files';

serveJobs<Uint8Array, ReleaseFiles>(async (bytes) => ({ result: readReleaseFiles(bytes) }));

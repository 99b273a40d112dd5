/** The release reader's thread (statics-off-loop.ts): unpacking a release never holds the event loop. */
import 'server-only';
import { serveJobs } from '../../threads/serve';
import { type ReleaseStatics, readReleaseStatics } from './release-statics';

serveJobs<Uint8Array, ReleaseStatics>(async (bytes) => ({ result: readReleaseStatics(bytes) }));

import 'server-only';
import fs from 'node:fs';
import path from 'node:path';

const MEDIA_DIR = path.join(process.cwd(), 'content', 'demo-media');

/** A picture or video of the demo content (content/demo-media/…), as a browser would upload it. */
export const demoMedia = (relative: string, name = path.basename(relative)) =>
  new File([new Uint8Array(fs.readFileSync(path.join(MEDIA_DIR, relative)))], name);

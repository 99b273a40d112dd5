import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findUserByEmail } from '@/server/accounts/users';
import { generateAuthCode } from '@/server/market/auth-codes';
import { seedDemo } from '@/server/seed/demo';
import { DEMO_ITEMS } from '@/server/seed/market-items';
import { s3Storage } from '@/server/storage/s3';
import type { FileStorage } from '@/server/storage/storage';
import { installLikeCms, type Kind, listAll } from '../../support/cms/install';
import { startPortalServer } from '../../support/portal-server';
import { startS3Server } from '../../support/s3-server';

const holder = vi.hoisted(() => ({ store: undefined as FileStorage | undefined }));
vi.mock('@/server/storage', () => ({ storage: () => holder.store }));

/** With S3-compatible storage the package still comes from the portal's own address: no redirect. */
let portal: Awaited<ReturnType<typeof startPortalServer>>;
let s3: Awaited<ReturnType<typeof startS3Server>>;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-site-s3-'));

beforeAll(async () => {
  s3 = await startS3Server('portal');
  holder.store = s3Storage({
    bucket: 'portal',
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  portal = await startPortalServer();
  process.env.SITE_URL = portal.origin;
  await seedDemo();
}, 300_000);
afterAll(async () => {
  await portal?.close();
  await s3?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the CMS installs from S3-compatible storage', () => {
  for (const kind of ['plugin', 'theme'] as Kind[]) {
    it(`installs a free and a paid demo ${kind}`, async () => {
      const items = await listAll(portal.origin, kind);
      for (const toll of [0, 1]) {
        const item = items.find((i) => i.toll === toll)!;
        const demo = DEMO_ITEMS.find((d) => d.kind === kind && d.name === item.name)!;
        const owner = await findUserByEmail(demo.owner);
        const licence = toll ? (await generateAuthCode({ user: owner!, id: item.id })).code : undefined;
        const installed = await installLikeCms({ base: portal.origin, root, kind, id: item.id, licence });
        expect(installed.dir).toBe(demo.folder);
        expect(fs.readdirSync(installed.path)).toContain('info.ini');
      }
    });
  }
});

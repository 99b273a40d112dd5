import { describe, expect, it } from 'vitest';
import { POST as audit } from '@/app/api/resource/audit/route';
import { cachedDirectory } from '@/server/resource/cached';
import { callApi } from '../../support/api';
import { registerUser } from '../../support/factories';
import { insertStation, registerAdmin } from './helpers';

describe('/resource page data', () => {
  it('shows a station in the directory as soon as it is approved, though the page read it just before', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const row = await insertStation(
      dev.user.user_id,
      `https://page-data-${Date.now()}.example.com/api.php`,
      0,
    );
    const names = async () => (await cachedDirectory('en-us')).map((s) => s.id);
    expect(await names()).not.toContain(row.id);
    const approved = await callApi(audit, { json: { id: row.id, status: 1 }, token: admin.token });
    expect(approved.code).toBe(1);
    expect(await names()).toContain(row.id);
  });
});

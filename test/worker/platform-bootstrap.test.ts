import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createPlatformUser, PASSWORD } from './helpers';

// A host that names no school and no default school: a new platform before its first school.
const fresh = (path: string, init?: RequestInit) => exports.default.fetch(`https://plateforme-neuve.test${path}`, init);

describe('a platform without any school yet', () => {
  it('lets the first superadmin sign in and refuses school accounts plainly', async () => {
    const { username } = await createPlatformUser();
    const login = await fresh('/api/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const maintenance = await fresh('/api/superadmin/maintenance', {
      method: 'PUT',
      headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ active: false }),
    });
    expect(maintenance.status).toBe(200);

    const school = await fresh('/api/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    expect(school.status).toBe(401);
    expect((await fresh('/api/instance/default')).status).toBe(404);
  });
});

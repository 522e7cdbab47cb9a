import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtServer, startServer } from './support/server.ts';
import { fakeTwilioEnv, startFakeTwilio } from '../src/server/test/fake-twilio.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'proc-data-'));
// Restarts and the lock are under test here, not a first start: begin from the run's migrated template.
const template = process.env.E2E_DATA_TEMPLATE;
if (template && existsSync(template)) cpSync(template, dataDir, { recursive: true });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const run = (env: Record<string, string>) =>
  spawnSync(process.execPath, [builtServer], {
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('the server process', () => {
  it('keeps its data across restarts, and a second server on the same data dir refuses to start', async () => {
    const first = await startServer({}, { dataDir });
    try {
      const res = await fetch(`${first.url}/api/request-access`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-client-id': 'web' },
        body: JSON.stringify({
          phone: '+14155550166',
          instagram: 'kept.data',
          referral: '',
          termsAccepted: true,
          privacyAccepted: true,
          marketingOptIn: false,
          smsOptIn: false,
        }),
      });
      expect(res.status).toBe(200);

      const second = run({ DATA_DIR: dataDir, PORT: '0' });
      expect(second.status).toBe(1);
      expect(second.stderr).toContain('is already in use by another process');
    } finally {
      await first.stop();
    }

    // Restarted on the same data: an admin finds the request made before the restart.
    const tw = await startFakeTwilio();
    const again = await startServer(fakeTwilioEnv(tw), { dataDir });
    try {
      const post = (path: string, body: object) =>
        fetch(again.url + path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-client-id': 'web' },
          body: JSON.stringify(body),
        });
      const since = tw.messages.length;
      expect((await post('/api/send-otp', { phone: '+12125550101' })).status).toBe(200);
      const otp = await tw.waitForCode('+12125550101', { since });
      const login = await (await post('/api/verify-otp', { phone: '+12125550101', otp })).json();
      const list = await fetch(`${again.url}/api/admin/access-requests?q=kept.data`, { headers: { 'x-auth-token': login.authToken } });
      expect(list.status).toBe(200);
      expect(JSON.stringify(await list.json())).toContain('kept.data');
    } finally {
      await again.stop();
      await tw.close();
    }
  }, 180_000);

  it('stops at start-up with one message listing every bad setting', () => {
    const r = run({ PORT: 'not-a-port', LOG_LEVEL: 'loud', DATA_DIR: dataDir });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/Invalid configuration:[\s\S]*PORT[\s\S]*LOG_LEVEL/);
  });
});

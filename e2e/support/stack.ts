import type { Browser } from 'playwright-core';
import { fakeTwilioEnv, startFakeTwilio, type FakeTwilio } from '../../src/server/test/fake-twilio.ts';
import { launchBrowser } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

export interface Stack {
  tw: FakeTwilio;
  server: RunningServer;
  browser: Browser;
}

/** A fake Twilio, the real server texting through it (fresh embedded database), and Chromium. */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const tw = await startFakeTwilio();
  const server = await startServer({ ...fakeTwilioEnv(tw), ...env });
  const browser = await launchBrowser();
  return { tw, server, browser };
}

export async function stopStack(s: Partial<Stack>) {
  await s.browser?.close();
  await s.server?.stop();
  await s.tw?.close();
}

import type { Page } from 'playwright-core';
import type { FakeTwilio } from '../../src/server/test/fake-twilio.ts';

/** The seeded demo people (src/server/db/seed.ts). */
export const demo = {
  admin: { phone: '+12125550101', national: '2125550101', name: 'Avery Admin' },
  other: { phone: '+12125550104', national: '2125550104', name: 'Jordan Reyes' },
  member: { phone: '+12125550103', national: '2125550103', name: 'Casey Collector' },
} as const;

/**
 * Signs in through the header's dialog as a person would, reading the code the fake Twilio server
 * received. Leaves the page on /dashboard. Returns when the code was sent (for the resend cooldown).
 */
export async function signInThroughDialog(
  page: Page,
  tw: FakeTwilio,
  person: { phone: string; national: string },
  { mobile = false }: { mobile?: boolean } = {},
): Promise<number> {
  if (mobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign In' }).click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  }
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Phone number').fill(person.national);
  const since = tw.messages.length;
  await dialog.getByRole('button', { name: 'Send Verification Code' }).click();
  await dialog.getByRole('button', { name: 'Complete Verification' }).waitFor();
  const code = await tw.waitForCode(person.phone, { since });
  const sentAt = Date.now();
  await dialog.getByLabel('Verification code').fill(code);
  await dialog.getByRole('button', { name: 'Complete Verification' }).click();
  await page.waitForURL('**/dashboard');
  return sentAt;
}

/** The text of the toast on screen. */
export async function toastText(page: Page): Promise<string> {
  const toast = page.locator('[data-slot="toast"]').last();
  await toast.waitFor();
  return toast.innerText();
}

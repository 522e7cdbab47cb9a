import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { FakeTwilio } from '../src/server/test/fake-twilio.ts';
import { liveOpen } from './support/live.ts';
import { newPage } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { demo, signInThroughDialog, toastText } from './support/auth.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { startStack, stopStack } from './support/stack.ts';

// Progress in the log, so a timeout says where it stood.
const step = (name: string) => console.log(`[lending e2e] ${name}`);
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);

describe.skipIf(inject('skipBrowser'))('lending in Chromium', () => {
  let tw: FakeTwilio;
  let server: RunningServer;
  let browser: Browser;
  let member: Awaited<ReturnType<typeof newPage>>;
  let admin: Awaited<ReturnType<typeof newPage>>;

  beforeAll(async () => {
    ({ tw, server, browser } = await startStack());
    member = await newPage(browser);
    admin = await newPage(browser);
    await member.page.goto(server.url + '/');
    await signInThroughDialog(member.page, tw, demo.member);
    await admin.page.goto(server.url + '/');
    await signInThroughDialog(admin.page, tw, demo.admin);
  });
  afterAll(async () => {
    await stopStack({ tw, server, browser });
  });

  it(
    'a member gets a quote and applies; the admin offers; the member accepts live; the admin receives the card and funds',
    { timeout: 300_000 },
    async () => {
      const m = member.page;
      const a = admin.page;
      await m.getByRole('banner').getByRole('link', { name: 'Lend' }).click();
      await m.waitForURL('**/lend');
      // The terms come first, in words, from the published policy.
      await m
        .getByTestId('lend-terms')
        .getByText(/up to 40% of the value/)
        .waitFor();
      expect(await m.getByTestId('lend-terms').innerText()).toContain('from a minimum of $1,000.00');

      step('quote');
      // The calculator: the most valuable card still in the member's hands (so it must be picked up).
      const options = m.getByTestId('collateral-option');
      await options.first().waitFor();
      const pick = await options.evaluateAll(
        (els) =>
          els
            .filter((e) => e.hasAttribute('data-eligible') && e.getAttribute('data-custody') === 'with_owner')
            .map((e) => ({ value: Number(e.getAttribute('data-value-cents')), index: [...e.parentElement!.children].indexOf(e) }))
            .sort((x, y) => y.value - x.value)[0],
      );
      expect(pick?.value).toBeGreaterThanOrEqual(250_000);
      const option = options.nth(pick!.index);
      const cardName = (await option.locator('span.font-medium').first().innerText()).trim();
      const cardId = (await option.getAttribute('data-card-id'))!;
      await option.getByRole('checkbox').check();
      const cap = Math.floor((pick!.value * 4000) / 10_000);

      step('appraisal');
      // Decision 128: the cap is on the lower of the estimate and the market value or our appraisal.
      // The card has no appraisal yet, so the desk records one at the member's estimate (a card
      // with no market price counts for nothing until then), and the member's quote follows live.
      const basis = option.getByTestId('collateral-basis');
      await basis.waitFor();
      await a.goto(`${server.url}/admin/cards?q=${encodeURIComponent(cardName.split(' ').slice(-1)[0]!)}`);
      await a
        .getByRole('button', { name: `Correct or appraise ${cardName}` })
        .first()
        .click();
      const appraise = a.getByRole('form', { name: 'Appraise the card' });
      await appraise.getByLabel('Appraised value (USD)').fill(String(pick!.value / 100));
      await appraise.getByLabel('Note (optional)').fill('Comps from recent auctions');
      await appraise.getByRole('button', { name: 'Record appraisal' }).click();
      await appraise
        .getByTestId('current-appraisal')
        .getByText(/^Appraised at \$/)
        .waitFor();
      await a.keyboard.press('Escape');
      // A new quote (another term) is priced on the appraisal.
      await m.getByLabel('6 months').check();
      await expect.poll(async () => cents(await m.getByTestId('quote-max').innerText()), { timeout: 15_000 }).toBe(cap);
      expect(await basis.innerText()).toContain('Counts for');

      step('field errors');
      // Field errors beside the fields: nothing typed is lost.
      await m.getByLabel('Amount (USD)').fill(String(cap / 100 + 1));
      await m.getByRole('button', { name: 'Apply for this loan' }).click();
      // The field's error (the quote beside it may say the same once it has been priced).
      await m
        .getByRole('alert')
        .filter({ hasText: /^The most you can borrow against these cards is \$/ })
        .waitFor();
      await m.getByText('Tell us what the loan is for').waitFor();
      await m.getByLabel('Amount (USD)').fill('1,500');
      await m.getByLabel('6 months').check();
      await m.getByLabel('Purpose').fill('Buying a PSA 10 rookie at auction');
      await expect
        .poll(async () =>
          cents(
            await m
              .getByTestId('calculator')
              .getByText(/^Priced on/)
              .innerText(),
          ),
        )
        .toBe(150_000);
      expect(cents(await m.getByTestId('quote-monthly').innerText())).toBeGreaterThan(25_000);
      await expectNoSeriousA11yViolations(m);
      await m.getByRole('button', { name: 'Apply for this loan' }).click();
      await m.waitForURL(/\/lend\?loan=[0-9a-f-]{36}$/);
      const loanId = new URL(m.url()).searchParams.get('loan')!;
      const detail = m.getByTestId('loan-detail');
      await detail.getByText('Submitted', { exact: true }).first().waitFor();

      step('admin offer');
      // The admin, in another tab, offers within the cap (more than the cap is refused beside the field).
      await a.goto(`${server.url}/admin/loans?loan=${loanId}`);
      const review = a.getByTestId('loan-review');
      await review.getByRole('heading', { name: demo.member.name }).waitFor();
      await expectNoSeriousA11yViolations(a);
      await review.getByLabel('Amount offered (USD)').fill(String(cap / 100 + 100));
      await review.getByRole('button', { name: 'Send offer' }).click();
      await review.getByText(/^The offer cannot exceed \$/).waitFor();
      await review.getByLabel('Amount offered (USD)').fill('1500');
      await liveOpen(m);
      await review.getByRole('button', { name: 'Send offer' }).click();
      await review.getByText('Offer sent; waiting for the member', { exact: false }).waitFor();

      step('member accepts');
      // The member sees it live and accepts.
      await expect.poll(() => toastText(m)).toContain('Loan Conditionally Approved');
      const offer = detail.getByTestId('loan-offer');
      await offer.waitFor();
      expect(await offer.innerText()).toContain('$1,500.00');
      await offer.getByRole('button', { name: 'Accept offer' }).click();
      await detail.getByText('Awaiting collateral', { exact: true }).first().waitFor();

      step('receive and fund');
      // The admin's review follows live: the card is on its way; received in the vault, the loan is funded.
      await liveOpen(a);
      const checklist = review.getByTestId('funding-checklist');
      await checklist.waitFor({ timeout: 10_000 });
      expect(await checklist.getByRole('button', { name: 'Fund loan' }).isDisabled()).toBe(true);
      await review.getByRole('button', { name: `Receive ${cardName} in vault` }).click();
      await review.getByTestId('collateral-custody').filter({ hasText: 'In vault' }).waitFor({ timeout: 30_000 });
      await expect.poll(() => checklist.getByRole('button', { name: 'Fund loan' }).isEnabled(), { timeout: 30_000 }).toBe(true);
      await checklist.getByRole('button', { name: 'Fund loan' }).click();
      await a.getByRole('alertdialog').getByRole('button', { name: 'Fund loan' }).click();
      await review.getByText('Funded', { exact: true }).first().waitFor({ timeout: 30_000 });

      step('locked while pledged');
      // The pledged card's grade and value are locked for the member: the edit form says why.
      const cardPage = await member.context.newPage();
      await cardPage.goto(`${server.url}/registry/${cardId}`);
      await cardPage.getByRole('button', { name: 'Edit' }).click();
      await cardPage
        .getByTestId('card-locked')
        .getByText(/pledged as loan collateral: its grade and value are locked until the loan is closed/)
        .waitFor();
      expect(await cardPage.getByLabel('Grade', { exact: true }).getAttribute('readonly')).not.toBeNull();
      expect(await cardPage.getByLabel('Sport').isEnabled()).toBe(true);
      await cardPage.close();

      step('member sees funded');
      // The member's loan turns funded without a reload, with its six-month schedule and live LTV.
      await detail.getByText('Funded', { exact: true }).first().waitFor({ timeout: 30_000 });
      await expect.poll(() => detail.getByTestId('schedule-row').count(), { timeout: 30_000 }).toBe(6);
      expect(await detail.getByTestId('next-payment').innerText()).toContain('Installment 1');
      expect(await detail.getByTestId('ltv-value').innerText()).toMatch(/%$/);
      expect(member.errors).toEqual([]);
      expect(admin.errors).toEqual([]);
    },
  );

  it('the member pays a due installment through /payment-test and the schedule shows it paid', { timeout: 300_000 }, async () => {
    const m = member.page;
    await m.goto(server.url + '/lend');
    // The demo book holds a funded loan whose installment has fallen due (seeded invoice).
    const due = m.getByTestId('my-loan').filter({ hasText: 'Funded' });
    await due.first().waitFor();
    const ids = await due.evaluateAll((els) => els.map((e) => e.getAttribute('data-loan-id')!));
    let paid = false;
    for (const id of ids) {
      if (paid) break;
      await m.goto(`${server.url}/lend?loan=${id}`);
      const next = m.getByTestId('loan-detail').getByTestId('next-payment');
      await next.waitFor();
      const pay = next.getByRole('link', { name: /^Pay installment \d+$/ });
      if ((await pay.count()) === 0) continue;
      const label = (await pay.getAttribute('aria-label'))!;
      const back = m.url();
      const amount = (await pay.innerText()).replace('Pay ', '').trim();
      await pay.click();
      await m.waitForURL('**/checkout?invoice=*');
      await m.getByRole('button', { name: `Pay ${amount}` }).click();
      await m.waitForURL('**/payment-test?session=*');
      await m.getByRole('button', { name: 'Complete payment' }).click();
      await m.waitForURL('**/payment-success?session_id=*');
      await m.getByRole('heading', { name: 'Payment received' }).waitFor();
      expect(await m.getByTestId('paid-amount').innerText()).toBe(amount);
      await m.goto(back);
      const number = Number(label.replace(/\D/g, ''));
      const row = m
        .getByTestId('loan-detail')
        .getByTestId('schedule-row')
        .nth(number - 1);
      await expect.poll(() => row.innerText()).toContain('Paid');
      paid = true;
    }
    expect(paid).toBe(true);
    expect(member.errors).toEqual([]);
  });
});

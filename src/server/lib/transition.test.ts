import { describe, expect, it } from 'vitest';
import { canTransition } from '#common/transitions.ts';
import { onboardingStatuses, onboardingTransitions } from '#common/onboarding.ts';
import type { Db } from '#server/db/client.ts';
import { onboardingAggregate } from '#server/modules/onboarding/index.ts';
import { IllegalTransitionError, transition, transitionMany, type UnitOfWork } from './transition.ts';

describe('onboardingTransitions', () => {
  it('lets each status move to the next one only, and active nowhere', () => {
    onboardingStatuses.forEach((from, i) => {
      for (const to of onboardingStatuses) expect(canTransition(onboardingTransitions, from, to)).toBe(to === onboardingStatuses[i + 1]);
    });
  });
});

describe('transition()', () => {
  it('refuses a move the map does not allow before touching the database', async () => {
    const published: unknown[] = [];
    const untouchable = new Proxy(
      {},
      {
        get: () => {
          throw new Error('database touched');
        },
      },
    ) as Db;
    const uow: UnitOfWork = {
      tx: untouchable,
      ctx: {
        db: untouchable,
        live: {
          publish: async (...a) => void published.push(a),
          disconnect: async () => {},
          sessionsChanged: async () => {},
          settingsChanged: async () => {},
        },
      },
      afterCommit: (f) => void published.push(f),
    };
    const actor = { user: null, impersonatorId: null, ip: null };
    const now = new Date();
    await expect(transition(uow, onboardingAggregate, { id: 'x', from: 'tier_selection', to: 'kyc_upload', actor, now })).rejects.toThrow(
      IllegalTransitionError,
    );
    await expect(transition(uow, onboardingAggregate, { id: 'x', from: 'active', to: 'pending_invitation', actor, now })).rejects.toThrow(
      IllegalTransitionError,
    );
    await expect(transition(uow, onboardingAggregate, { id: 'x', from: 'kyc_upload', to: 'kyc_upload', actor, now })).rejects.toThrow(
      IllegalTransitionError,
    );
    expect(published).toEqual([]);
  });

  it('transitionMany refuses a listed status that may not move to the target before touching the database', async () => {
    const untouchable = new Proxy(
      {},
      {
        get: () => {
          throw new Error('database touched');
        },
      },
    ) as Db;
    const actor = { user: null, impersonatorId: null, ip: null };
    const move = { where: undefined, to: 'portfolio_allocation' as const, actor, now: new Date() };
    await expect(transitionMany({ tx: untouchable }, onboardingAggregate, { ...move, from: ['tier_selection', 'kyc_upload'] })).rejects.toThrow(
      IllegalTransitionError,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { deliveryState } from './sms-format.ts';

describe('deliveryState', () => {
  const out = (status: string, errorCode: number | null = null) => ({ direction: 'outbound' as const, status, errorCode });

  it('names how far an outbound message got', () => {
    expect(deliveryState(out('queued'))).toEqual({ tone: 'pending', label: 'Queued' });
    expect(deliveryState(out('sending'))).toEqual({ tone: 'pending', label: 'Sending' });
    expect(deliveryState(out('sent'))).toEqual({ tone: 'sent', label: 'Sent' });
    expect(deliveryState(out('delivered'))).toEqual({ tone: 'delivered', label: 'Delivered' });
  });

  it("says why a message was not delivered, with Twilio's code", () => {
    expect(deliveryState(out('undelivered', 30003))).toEqual({ tone: 'failed', label: 'Not delivered (30003 Unreachable handset)' });
    expect(deliveryState(out('failed', 12345))).toEqual({ tone: 'failed', label: 'Not delivered (12345)' });
    expect(deliveryState(out('failed'))).toEqual({ tone: 'failed', label: 'Not delivered' });
  });

  it('has nothing to say about inbound messages', () => {
    expect(deliveryState({ direction: 'inbound', status: 'received', errorCode: null })).toBeNull();
  });
});

import {
  moneyMessages,
  paymentTransitions,
  refundTransitions,
  subscriptionTransitions,
  type PaymentStatus,
  type RefundStatus,
  type SubscriptionStatus,
} from '#common/money.ts';
import { paymentEvents, payments, refundEvents, refunds, subscriptionEvents, subscriptions } from '#server/db/schema/money.ts';
import { AppError, notFound } from '#server/errors.ts';
import { historyIn, type Aggregate } from '#server/lib/transition.ts';
import type { PaymentRow } from './money.settlement.ts';

// Payments, subscriptions and refunds move through transition() (decision 136); each move is
// already audited in the module's own words (payment.processing, subscription.canceled,
// invoice.refunded…), so no second `<name>.status_changed` row is written.

export const paymentAggregate: Aggregate<PaymentStatus, PaymentRow> = {
  name: 'payment',
  table: payments,
  idColumn: payments.id,
  statusColumn: payments.status,
  statusKey: 'status',
  updatedKeys: ['updatedAt'],
  transitions: paymentTransitions,
  audited: false,
  recordHistory: historyIn(paymentEvents, 'paymentId'),
  conflict: () => new AppError('conflict', moneyMessages.staleStatus),
  notFound: () => notFound(moneyMessages.sessionNotFound),
};

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export const subscriptionAggregate: Aggregate<SubscriptionStatus, SubscriptionRow> = {
  name: 'subscription',
  table: subscriptions,
  idColumn: subscriptions.id,
  statusColumn: subscriptions.status,
  statusKey: 'status',
  updatedKeys: ['updatedAt'],
  transitions: subscriptionTransitions,
  audited: false,
  recordHistory: historyIn(subscriptionEvents, 'subscriptionId'),
  conflict: () => new AppError('conflict', moneyMessages.noSubscription),
  notFound: () => notFound(moneyMessages.noSubscription),
};

export type RefundRow = typeof refunds.$inferSelect;

export const refundAggregate: Aggregate<RefundStatus, RefundRow> = {
  name: 'refund',
  table: refunds,
  idColumn: refunds.id,
  statusColumn: refunds.status,
  statusKey: 'status',
  updatedKeys: ['updatedAt'],
  transitions: refundTransitions,
  audited: false,
  recordHistory: historyIn(refundEvents, 'refundId'),
  conflict: () => new AppError('conflict', moneyMessages.staleStatus),
  notFound: () => notFound(),
};

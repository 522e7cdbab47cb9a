/** The member's money keys; each starts with its `/api/...` path (decision 017). */
const USER_INVOICES = '/api/user/invoices';
const CHECKOUT = '/api/checkout';
const CHECKOUT_SESSION = '/api/checkout/session';
const PLANS = '/api/subscription-plans';
const SUBSCRIPTION = '/api/user/subscription';
const PAYMENT_TEST = '/api/payment-test';
const SUBSCRIBE = '/api/subscribe';

export const paymentKeys = {
  invoices: [USER_INVOICES] as const,
  invoice: (id: string) => [...paymentKeys.invoices, id] as const,
  session: (id: string) => [CHECKOUT_SESSION, id] as const,
  plans: [PLANS] as const,
  subscription: [SUBSCRIPTION] as const,
};

const seg = encodeURIComponent;

export const paymentPaths = {
  invoices: USER_INVOICES,
  invoice: (id: string) => `${USER_INVOICES}/${seg(id)}`,
  invoicePdf: (id: string) => `${USER_INVOICES}/${seg(id)}/pdf`,
  checkout: CHECKOUT,
  session: (id: string) => `${CHECKOUT_SESSION}/${seg(id)}`,
  testComplete: (id: string) => `${PAYMENT_TEST}/${seg(id)}/complete`,
  testDecline: (id: string) => `${PAYMENT_TEST}/${seg(id)}/decline`,
  plans: PLANS,
  subscribe: SUBSCRIBE,
  subscription: SUBSCRIPTION,
  cancelSubscription: `${SUBSCRIPTION}/cancel`,
};

import type { AppContext } from '#server/context.ts';

/** The app's context; the payment provider is part of it. */
export type MoneyContext = AppContext;

import type { AppContext } from '#server/context.ts';

/** The app context; card photos' storage and PSA are part of it. */
export type CardsContext = AppContext;

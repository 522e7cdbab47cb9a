// The graders and their labels, with no zod (as decision 149's plain modules): the shared card
// page shows them, and importing cards.ts would build every card schema first. cards.ts
// re-exports them.

export const graders = ['PSA', 'BGS', 'SGC', 'CGC', 'raw'] as const;
export type Grader = (typeof graders)[number];
export const graderLabels: Record<Grader, string> = { PSA: 'PSA', BGS: 'BGS', SGC: 'SGC', CGC: 'CGC', raw: 'Raw' };

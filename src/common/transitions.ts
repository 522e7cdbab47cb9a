/** For each status, the statuses it may move to (an empty list: a final status). */
export type TransitionMap<S extends string> = { readonly [K in S]: readonly S[] };

export function canTransition<S extends string>(map: TransitionMap<S>, from: S, to: S): boolean {
  return map[from].includes(to);
}

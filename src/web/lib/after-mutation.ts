/**
 * What a component wants to tell the user once its mutation settles, given to the mutation hook
 * rather than to mutate(): mutate()'s own callbacks never run once the component that called it is
 * gone, and an answer that removes that component (its record leaves a queue, its form or editor is
 * replaced) is exactly when the user must still hear of it. The hook calls these after its own
 * cache work, so the message comes with the page already showing the result.
 */
export type AfterMutation<T = void, V = void> = {
  onSuccess?: (result: T, vars: V) => void;
  onError?: (err: Error, vars: V) => void;
  onSettled?: () => void;
};

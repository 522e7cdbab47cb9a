import { useEffect, useState, type ReactNode } from 'react';

/** Spec §4 and §9: one toast at a time; a dismissed one is removed after 1,000,000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5_000;
export const TOAST_SWIPE_THRESHOLD = 50;

export type ToastVariant = 'default' | 'destructive';

export interface ToastData {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  duration?: number;
  open: boolean;
}

export type ToastInput = Omit<ToastData, 'id' | 'open'>;

interface State {
  toasts: ToastData[];
}

type Action =
  | { type: 'ADD'; toast: ToastData }
  | { type: 'UPDATE'; toast: Partial<ToastData> & { id: string } }
  | { type: 'DISMISS'; id?: string }
  | { type: 'REMOVE'; id?: string };

let count = 0;
const nextId = () => String((count = (count + 1) % Number.MAX_SAFE_INTEGER));

const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function queueRemoval(id: string) {
  if (removeTimeouts.has(id)) return;
  removeTimeouts.set(
    id,
    setTimeout(() => {
      removeTimeouts.delete(id);
      dispatch({ type: 'REMOVE', id });
    }, TOAST_REMOVE_DELAY),
  );
}

export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'ADD':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE':
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case 'DISMISS':
      return { toasts: state.toasts.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t)) };
    case 'REMOVE':
      return { toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id) };
  }
}

const listeners = new Set<(s: State) => void>();
let memoryState: State = { toasts: [] };

function dispatch(action: Action) {
  if (action.type === 'DISMISS') {
    for (const t of memoryState.toasts) if (action.id === undefined || t.id === action.id) queueRemoval(t.id);
  }
  memoryState = reducer(memoryState, action);
  for (const l of listeners) l(memoryState);
}

export function toast(input: ToastInput) {
  const id = nextId();
  dispatch({ type: 'ADD', toast: { ...input, id, open: true } });
  return {
    id,
    dismiss: () => dispatch({ type: 'DISMISS', id }),
    update: (next: ToastInput) => dispatch({ type: 'UPDATE', toast: { ...next, id } }),
  };
}

export function dismissToast(id?: string) {
  dispatch({ type: 'DISMISS', id });
}

export function useToast() {
  const [state, setState] = useState(memoryState);
  useEffect(() => {
    listeners.add(setState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return { ...state, toast, dismiss: dismissToast };
}

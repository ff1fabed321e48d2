import type { ReactNode } from 'react';
import type { ToastOptions } from 'react-toastify';

/**
 * Toasts without react-toastify in the first-load JavaScript: the library (and its container, rendered by
 * <ToastHost /> in AppProviders) loads on the first toast. react-toastify queues toasts emitted before its
 * container mounts, so nothing is lost while the chunk arrives.
 */
type Listener = () => void;

let requested = false;
const listeners = new Set<Listener>();

function requestHost(): void {
  if (requested) return;
  requested = true;
  listeners.forEach((listener) => listener());
}

/** Whether a toast was asked for (the host then renders the container). */
export function isToastHostRequested(): boolean {
  return requested;
}

export function onToastHostRequested(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

type Kind = 'error' | 'info' | 'success' | 'warning';

function show(kind: Kind, content: ReactNode, options?: ToastOptions): Promise<void> {
  requestHost();
  return import('react-toastify').then(
    ({ toast }) => {
      toast[kind](content, options);
    },
    () => {
      /* chunk failed to load (offline, new deploy): the deploy guard reloads on chunk errors */
    },
  );
}

export const notify = {
  error: (content: ReactNode, options?: ToastOptions) => show('error', content, options),
  info: (content: ReactNode, options?: ToastOptions) => show('info', content, options),
  success: (content: ReactNode, options?: ToastOptions) => show('success', content, options),
  warning: (content: ReactNode, options?: ToastOptions) => show('warning', content, options),
};

/**
 * For tests.
 * @testSeam
 */
export function resetToastHost(): void {
  requested = false;
}

'use client';

import dynamic from 'next/dynamic';
import { useSyncExternalStore } from 'react';
import { isToastHostRequested, onToastHostRequested } from '@/lib/toast';

const AppToastContainer = dynamic(() => import('./app-toast-container').then((m) => m.AppToastContainer), {
  ssr: false,
});

/**
 * Renders the toast container once the first toast is asked for (lib/toast.ts), so react-toastify and its
 * stylesheet stay out of the first load. Toasts are fixed-position overlays: nothing shifts when it appears.
 */
export function ToastHost() {
  const requested = useSyncExternalStore(onToastHostRequested, isToastHostRequested, () => false);
  return requested ? <AppToastContainer /> : null;
}

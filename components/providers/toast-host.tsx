'use client';

import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToastHostRequested, onToastHostRequested } from '@/lib/toast';

// React.lazy rather than next/dynamic: the container renders only on the client after the first toast (the
// server snapshot below is false), and next/dynamic's loader would add its own code to every page's first load.
const AppToastContainer = lazy(() => import('./app-toast-container').then((m) => ({ default: m.AppToastContainer })));

/**
 * Renders the toast container once the first toast is asked for (lib/toast.ts), so react-toastify and its
 * stylesheet stay out of the first load. Toasts are fixed-position overlays: nothing shifts when it appears.
 */
export function ToastHost() {
  const requested = useSyncExternalStore(onToastHostRequested, isToastHostRequested, () => false);
  return requested ? (
    <Suspense fallback={null}>
      <AppToastContainer />
    </Suspense>
  ) : null;
}

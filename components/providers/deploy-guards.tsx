'use client';

import { useEffect } from 'react';
import { notify } from '@/lib/toast';
import { claimChunkReload, isChunkLoadError } from './chunk-reload-guard';
import { NewBuildToast } from './new-build-toast';

export const BUILD_POLL_MS = 5 * 60_000;

function isStaticAsset(target: EventTarget | null): boolean {
  if (target instanceof HTMLScriptElement) return target.src.includes('/_next/static/');
  if (target instanceof HTMLLinkElement) return target.rel === 'stylesheet' && target.href.includes('/_next/static/');
  return false;
}

/**
 * Deploy guards (SPEC §4): a failed chunk load reloads the page (at most once per path per 10 s), and the
 * deployed build id (/builds/latest.json) is polled; when it differs from `buildId`, the build this page was
 * rendered by (and whose code it runs), a toast offers a reload. Knowing that id from the server, the page makes
 * no request for it while it loads.
 */
export function DeployGuards({ buildId, pollMs = BUILD_POLL_MS }: { buildId: string; pollMs?: number }) {
  useEffect(() => {
    const reload = () => {
      if (claimChunkReload(window.location.pathname)) window.location.reload();
    };
    const onError = (event: Event) => {
      if (event instanceof ErrorEvent ? isChunkLoadError(event.error ?? event.message) : isStaticAsset(event.target)) reload();
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason)) reload();
    };
    window.addEventListener('error', onError, true);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError, true);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);

  useEffect(() => {
    let stopped = false;
    const poll = async () => {
      try {
        const res = await fetch('/builds/latest.json', { cache: 'no-store' });
        if (!res.ok) return;
        const { buildId: latest } = (await res.json()) as { buildId?: string };
        if (stopped || !latest || latest === buildId) return;
        void notify.info(<NewBuildToast />, { toastId: 'new-build', autoClose: false, closeOnClick: false });
      } catch {
        /* offline: next time */
      }
    };
    const timer = window.setInterval(() => void poll(), pollMs);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [buildId, pollMs]);
  return null;
}

'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';

/**
 * Open/closed state of a header disclosure (account menu, mobile menu): open only for the path it was
 * opened on, so a navigation closes it without an effect; Escape closes it and returns focus to its button;
 * with `rootRef`, a pointer down outside closes it too. `buttonProps` and `panelProps` wire the button to
 * its panel (aria-expanded, aria-controls, hidden).
 */
export function useRouteDisclosure(rootRef?: RefObject<HTMLElement | null>) {
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const pathname = usePathname();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const toggle = () => setOpenOn(open ? null : pathname);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenOn(null);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (rootRef && !rootRef.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, rootRef]);

  return {
    open,
    pathname,
    buttonProps: { ref: buttonRef, type: 'button', 'aria-expanded': open, 'aria-controls': panelId, onClick: toggle } as const,
    panelProps: { id: panelId, hidden: !open },
  };
}

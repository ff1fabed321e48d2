'use client';

import { usePathname } from 'next/navigation';

/** The requested path: the server's value when known, otherwise the browser's. */
export function RequestedPath({ serverPath }: { serverPath: string | null }) {
  const pathname = usePathname();
  return <>{serverPath ?? pathname}</>;
}

import type { ReactNode } from 'react';
import { MinimalChrome } from '@/components/layout/minimal-chrome';

export default function MinimalLayout({ children }: { children: ReactNode }) {
  return <MinimalChrome>{children}</MinimalChrome>;
}

import type { ReactNode } from 'react';
import { MasterChrome } from '@/components/layout/master-chrome';

export default function MasterLayout({ children }: { children: ReactNode }) {
  return <MasterChrome>{children}</MasterChrome>;
}

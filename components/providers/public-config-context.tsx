'use client';

import { createContext, useContext } from 'react';
import type { PublicConfig } from '@/lib/config/env';

/** The runtime public configuration (lib/config/env.ts getPublicConfig), provided by AppProviders. */
export const PublicConfigContext = createContext<PublicConfig | null>(null);

export function usePublicConfig(): PublicConfig {
  const config = useContext(PublicConfigContext);
  if (!config) throw new Error('usePublicConfig() needs <AppProviders>.');
  return config;
}

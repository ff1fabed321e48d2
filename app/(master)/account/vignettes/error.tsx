'use client';

import { AccountPageError } from '@/components/account/account-page-error';

export default function AccountError({ retry }: { error: unknown; retry: () => void }) {
  return <AccountPageError title="Vinietele mele" retry={retry} />;
}

import { AccountPageSkeleton } from '@/components/account/account-page-skeleton';

export default function Loading() {
  return <AccountPageSkeleton label="Se încarcă vinietele…" />;
}

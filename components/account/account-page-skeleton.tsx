import { ListSkeleton } from '@/components/account/list-skeleton';
import { Container } from '@/components/ui/container';
import { Skeleton } from '@/components/ui/skeleton';

/** The body of an account page's loading.tsx: the title's place and a list skeleton announced as `label`. */
export function AccountPageSkeleton({ label }: { label: string }) {
  return (
    <Container className="py-10 sm:py-14">
      <Skeleton className="mb-8 h-10 w-64" />
      <ListSkeleton label={label} />
    </Container>
  );
}

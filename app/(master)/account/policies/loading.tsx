import { ListSkeleton } from '@/components/account/list-skeleton';
import { Container } from '@/components/ui/container';
import { Skeleton } from '@/components/ui/skeleton';

export default function Loading() {
  return (
    <Container className="py-10 sm:py-14">
      <Skeleton className="mb-8 h-10 w-64" />
      <ListSkeleton label="Se încarcă polițele…" />
    </Container>
  );
}

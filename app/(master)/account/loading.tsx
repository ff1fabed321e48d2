import { Container } from '@/components/ui/container';
import { Skeleton } from '@/components/ui/skeleton';

/** Account pages load their data from the backend; this shows while they stream in. */
export default function AccountLoading() {
  return (
    <Container className="py-10 sm:py-14">
      <p role="status" className="sr-only">
        Se încarcă datele contului…
      </p>
      <Skeleton className="h-10 w-72" />
      <Skeleton className="mt-4 h-5 w-full max-w-2xl" />
      <div className="mt-8 grid gap-4">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    </Container>
  );
}

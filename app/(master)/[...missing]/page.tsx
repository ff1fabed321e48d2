import { notFound } from 'next/navigation';

/**
 * Every path no route matches: the 404 of the master layout (app/(master)/not-found.tsx, header and footer from
 * the layout). The root app/not-found.tsx is sent with every page's payload, so it stays small; this route gives
 * unmatched paths the full chrome instead of that file.
 */
export default function MissingPage(): never {
  notFound();
}

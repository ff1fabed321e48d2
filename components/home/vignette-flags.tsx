import type { VignetteFlag } from './product-catalogue';
import { VignetteFlagItem } from './vignette-flag-item';

/** Romanian and Hungarian vignettes (server-rendered; each item follows the statuses live). */
export function VignetteFlags({ flags }: { flags: Omit<VignetteFlag, 'available'>[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {flags.map(({ code, title, detail, href }) => (
        <VignetteFlagItem key={code} code={code} title={title} detail={detail} href={href} />
      ))}
    </ul>
  );
}

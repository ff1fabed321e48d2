import { Alert } from '@/components/ui/alert';
import type { RenewalNotice as Notice } from '@/lib/shop/renewal';
import { formatDay } from '@/contract/format-day';

/**
 * Above a product form: the renewal it opened (old end, new start), or a reminder link that no longer works.
 * `vignette` speaks of a vignette instead of a policy.
 */
export function RenewalNotice({ notice, vignette = false }: { notice: Notice | null; vignette?: boolean }) {
  if (!notice) return null;
  const item = vignette ? { old: 'Vinieta actuală', next: 'Noua vinietă', fresh: 'o vinietă nouă', title: 'Reînnoirea vinietei' } : { old: 'Polița actuală', next: 'Noua poliță', fresh: 'o poliță nouă', title: 'Reînnoirea poliței' };
  if (notice.kind === 'invalid-link') {
    return (
      <Alert tone="warning" title="Linkul de reînnoire nu mai este valabil" className="mb-6">
        Linkul din email a expirat sau nu este corect. Completați formularul de mai jos pentru {item.fresh}.
      </Alert>
    );
  }
  return (
    <Alert title={item.title} className="mb-6">
      {item.old} este valabilă până la {formatDay(notice.endsOn)} inclusiv. {item.next} începe pe {formatDay(notice.startsOn)}.
      Verificați datele completate, apoi vedeți ofertele.
    </Alert>
  );
}

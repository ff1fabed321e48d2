import { Alert } from '@/components/ui/alert';
import type { RenewalNotice as Notice } from '@/lib/shop/renewal';
import { formatDay } from '@/lib/time/format-day';

/** Above a product form: the renewal it opened (old end, new start), or a reminder link that no longer works. */
export function RenewalNotice({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  if (notice.kind === 'invalid-link') {
    return (
      <Alert tone="warning" title="Linkul de reînnoire nu mai este valabil" className="mb-6">
        Linkul din email a expirat sau nu este corect. Completați formularul de mai jos pentru o poliță nouă.
      </Alert>
    );
  }
  return (
    <Alert title="Reînnoirea poliței" className="mb-6">
      Polița actuală este valabilă până la {formatDay(notice.endsOn)} inclusiv. Noua poliță începe pe {formatDay(notice.startsOn)}.
      Verificați datele completate, apoi vedeți ofertele.
    </Alert>
  );
}

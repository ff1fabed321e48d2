import type { Metadata } from 'next';
import { VignettePage, type VignettePageSearchParams } from '@/components/vignettes/vignette-page';

export const metadata: Metadata = {
  title: 'Vinietă Ungaria (e-matrica)',
  description: 'E-matrica pentru autostrăzile din Ungaria: 1 zi, 10 zile, o lună, un an sau anuală pe județ, plătită în lei.',
};

export default function VignetaUngariaPage({ searchParams }: { searchParams: VignettePageSearchParams }) {
  return (
    <VignettePage
      kind="hu"
      title="Vinietă Ungaria (e-matrica)"
      intro="E-matrica pentru autostrăzile din Ungaria, legată de numărul de înmatriculare. Alegeți categoria vehiculului, data de început și perioada: 1 zi (autoturisme), 10 zile, o lună, un an sau anuală pe județe. Dovada achiziției vă sosește pe email, în format PDF."
      searchParams={searchParams}
    />
  );
}

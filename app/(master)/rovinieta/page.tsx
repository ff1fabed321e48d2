import type { Metadata } from 'next';
import { VignettePage, type VignettePageSearchParams } from '@/components/vignettes/vignette-page';

export const metadata: Metadata = {
  title: 'Rovinietă',
  description: 'Rovinieta electronică pentru drumurile naționale din România: categoria A–H, de la 1 zi la 12 luni, plătită în lei.',
};

export default function RovinietaPage({ searchParams }: { searchParams: VignettePageSearchParams }) {
  return (
    <VignettePage
      kind="ro"
      title="Rovinietă"
      intro="Rovinieta electronică pentru drumurile naționale din România, legată de numărul de înmatriculare: nu se lipește nimic pe parbriz. Alegeți categoria vehiculului, data de început și perioada; dovada achiziției vă sosește pe email, în format PDF."
      searchParams={searchParams}
    />
  );
}

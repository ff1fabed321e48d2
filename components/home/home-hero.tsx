import { Container } from '@/components/ui/container';
import type { PlateEntryErrors } from '@/lib/validation/plate-entry';
import type { ThemeAssets } from '@/themes';
import { RcaPlateForm } from './rca-plate-form';

/** `plateEntry`: what the plate box sent back when it was refused without JavaScript (shown again with its errors). */
export function HomeHero({ theme, plateEntry }: { theme: ThemeAssets; plateEntry?: { plate: string; vin: string; errors: PlateEntryErrors } }) {
  return (
    <section className="bg-primary-light/60 dark:bg-primary-light" aria-labelledby="home-title">
      <Container className="grid items-center gap-10 py-12 sm:py-16 md:grid-cols-2">
        <div>
          <p className="mb-3 text-sm font-semibold uppercase tracking-wide text-secondary">Broker de asigurare autorizat ASF</p>
          <h1 id="home-title" className="text-4xl font-bold text-primary sm:text-5xl">
            Asigurări online, simplu și rapid
          </h1>
          <p className="mt-4 max-w-xl text-lg text-muted">
            Comparați oferte RCA, de călătorie, de locuință și pentru anvelope de la mai mulți asigurători, plătiți cu
            cardul și primiți polița pe email în câteva minute.
          </p>
          <RcaPlateForm {...plateEntry} />
        </div>
        {/* eslint-disable-next-line @next/next/no-img-element -- decorative SVG illustration */}
        <img src={theme.hero} alt="" width={560} height={420} loading="lazy" className="mx-auto w-full max-w-md md:max-w-none" />
      </Container>
    </section>
  );
}

import { cx } from '@/components/ui/cx';

export const QUOTE_STEPS = ['Date', 'Oferte', 'Detalii', 'Plată'] as const;

/** Where the visitor is in the purchase: an ordered list with the current step marked for screen readers. */
export function QuoteStepper({ current }: { current: 0 | 1 | 2 | 3 }) {
  return (
    <nav aria-label="Pașii comenzii" className="mb-8">
      <ol className="flex flex-wrap gap-2 text-sm sm:gap-4">
        {QUOTE_STEPS.map((label, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'todo';
          return (
            <li
              key={label}
              aria-current={state === 'current' ? 'step' : undefined}
              className={cx(
                'flex items-center gap-2 rounded-full border px-3 py-1',
                state === 'current' && 'border-primary bg-primary text-on-primary',
                state === 'done' && 'border-secondary text-secondary',
                state === 'todo' && 'border-border text-muted',
              )}
            >
              <span aria-hidden="true" className="font-semibold">
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span>
                {label}
                {state === 'done' ? <span className="sr-only"> (completat)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

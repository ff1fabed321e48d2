/** Visible indication that the purchase goes through a registered partner's route (`/rca-abc`, `/travel-abc`). */
export function PartnerBadge({ name }: { name: string }) {
  return (
    <p
      className="mb-6 inline-flex items-center gap-2 rounded-full border border-primary bg-primary-light px-4 py-1.5 text-sm font-semibold text-primary"
      data-testid="partner-badge"
    >
      <span aria-hidden="true">●</span>
      Partener: {name}
    </p>
  );
}

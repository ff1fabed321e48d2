/** Visible indication that the visit came through a partner route (`/rca-abc`, `/travel-abc`). */
export function PartnerBadge({ code }: { code: string }) {
  return (
    <p
      className="mb-6 inline-flex items-center gap-2 rounded-full border border-primary bg-primary-light px-4 py-1.5 text-sm font-semibold text-primary"
      data-testid="partner-badge"
    >
      <span aria-hidden="true">●</span>
      Partener: {code}
    </p>
  );
}

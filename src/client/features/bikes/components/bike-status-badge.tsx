import type { BikeStatus } from "#src/shared/schemas/bikes";

const look: Record<BikeStatus, { label: string; className: string }> = {
  available: { label: "Available", className: "badge-success" },
  booked: { label: "Booked", className: "badge-warning" },
  sold: { label: "Sold", className: "badge-neutral" },
};

/** Lists of bikes for buyers only flag booked and sold ones; a seller's own list shows all three. */
export function BikeStatusBadge({
  status,
  showAvailable = false,
}: {
  status: BikeStatus;
  showAvailable?: boolean;
}) {
  if (status === "available" && !showAvailable) return null;
  const { label, className } = look[status];
  return <span className={`badge font-semibold ${className}`}>{label}</span>;
}

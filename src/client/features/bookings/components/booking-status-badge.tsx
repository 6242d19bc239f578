import type { BookingStatus } from "#src/shared/schemas/bookings";

const look: Record<BookingStatus, { label: string; className: string }> = {
  pending: { label: "Pending", className: "badge-info" },
  accepted: { label: "Accepted", className: "badge-success" },
  declined: { label: "Declined", className: "badge-error badge-soft" },
  cancelled: { label: "Cancelled", className: "badge-ghost" },
  completed: { label: "Sold — completed", className: "badge-neutral" },
  expired: { label: "Expired", className: "badge-ghost" },
};

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const { label, className } = look[status];
  return <span className={`badge shrink-0 font-semibold ${className}`}>{label}</span>;
}

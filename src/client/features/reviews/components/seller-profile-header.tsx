import { PageHeading } from "#src/client/components/page-heading";
import { SellerRating } from "#src/client/components/seller-rating";
import { VerifiedMark } from "#src/client/components/verified-mark";
import { usePageTitle } from "#src/client/lib/page-title";
import type { SellerProfile } from "#src/shared/schemas/reviews";

const monthYear = new Intl.DateTimeFormat("en", { month: "long", year: "numeric" });

/** "12 minutes", "3 hours", "2 days": a median reply time in words. */
function replyTime(minutes: number): string {
  if (minutes < 60) return `${Math.max(1, Math.round(minutes))} minutes`;
  if (minutes < 48 * 60) return `${Math.round(minutes / 60)} hours`;
  return `${Math.round(minutes / (24 * 60))} days`;
}

/** The top of /sellers/:id: who the seller is and what buyers can go by. */
export function SellerProfileHeader({ profile }: { profile: SellerProfile }) {
  usePageTitle(profile.name);
  return (
    <header className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <PageHeading>{profile.name}</PageHeading>
        {profile.verified ? <VerifiedMark className="h-5 w-5" /> : null}
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-base-content/75">Rating</dt>
          <dd className="font-medium">
            <SellerRating rating={profile.rating} />
          </dd>
        </div>
        <div>
          <dt className="text-base-content/75">Completed sales</dt>
          <dd className="font-medium">{profile.completedSales}</dd>
        </div>
        <div>
          <dt className="text-base-content/75">Member since</dt>
          <dd className="font-medium">{monthYear.format(new Date(profile.memberSince))}</dd>
        </div>
        {profile.medianReplyMinutes === null ? null : (
          <div>
            <dt className="text-base-content/75">Usually replies within</dt>
            <dd className="font-medium">{replyTime(profile.medianReplyMinutes)}</dd>
          </div>
        )}
      </dl>
    </header>
  );
}

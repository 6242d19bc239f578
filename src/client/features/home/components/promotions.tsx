import type { ReactNode } from "react";

/** The seed's three promises; the server computes them at booking (PRODUCT.md §4). */
const promotions: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: "Free delivery",
    text: "When you book, you choose where to meet the seller; bringing the bike there costs you nothing.",
    icon: <path d="M3 7h11v8H3zM14 10h4l3 3v2h-7M7 18a2 2 0 1 0 0-.01M17 18a2 2 0 1 0 0-.01" />,
  },
  {
    title: "20% off your first booking",
    text: "New to ReRide? Your first booking costs 20% less than the listed price.",
    icon: (
      <path d="M19 5L5 19M7 7h.01M17 17h.01M7 9a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z" />
    ),
  },
  {
    title: "5% off your first wishlist bike",
    text: "Book the bike at the top of your wishlist and save 5% on it.",
    icon: <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />,
  },
];

export function Promotions() {
  return (
    <section aria-labelledby="promotions-heading" className="mx-auto w-full max-w-7xl px-6 py-12">
      <h2 id="promotions-heading" className="text-2xl font-bold sm:text-3xl">
        Ride more, pay less
      </h2>
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {promotions.map((promotion) => (
          <li
            key={promotion.title}
            className="flex gap-4 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm"
          >
            <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
              <svg
                viewBox="0 0 24 24"
                className="h-6 w-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
                aria-hidden="true"
              >
                {promotion.icon}
              </svg>
            </span>
            <div>
              <h3 className="font-bold">{promotion.title}</h3>
              <p className="mt-1 text-sm text-base-content/80">{promotion.text}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-base-content/80">
        Discounts don't add up: when two apply, you get the larger one. You see the final price
        before you confirm a booking.
      </p>
    </section>
  );
}

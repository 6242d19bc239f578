import { Link } from "react-router";

/**
 * The footer's entries are links to pages that exist, drawn as links. The
 * seed's sections (Services, Company, Legal) named pages ReRide doesn't
 * have; listed like links, they invited clicks that led nowhere.
 */
const sections = [
  {
    title: "Buy",
    links: [
      { to: "/", label: "Home" },
      { to: "/#categories", label: "Browse by brand" },
      { to: "/bikes", label: "Search bikes" },
    ],
  },
  {
    title: "Sell",
    links: [
      { to: "/registration", label: "Create an account" },
      { to: "/dashboard/addProduct", label: "Add product" },
    ],
  },
  { title: "Help", links: [{ to: "/blog", label: "Blog" }] },
];

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-10 px-6 py-12 sm:grid-cols-3 lg:grid-cols-4">
        <div className="col-span-2 sm:col-span-3 lg:col-span-1">
          <p className="flex items-center gap-2 text-xl font-extrabold">
            <img src="/favicon.svg" alt="" width="32" height="32" className="h-8 w-8" />
            ReRide
          </p>
          <p className="mt-3 max-w-xs text-sm text-neutral-content/85">
            Resell the bike you have outgrown, buy the one you want next: ReRide is where used
            motorbikes are bought and sold.
          </p>
        </div>
        {sections.map((section) => (
          <nav key={section.title} aria-label={section.title}>
            <h2 className="mb-3 text-sm font-semibold uppercase tracking-wider text-neutral-content/85">
              {section.title}
            </h2>
            <ul className="space-y-2 text-sm">
              {section.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="link link-hover inline-block py-0.5">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-neutral-content/15">
        <p className="mx-auto max-w-7xl px-6 py-5 text-sm text-neutral-content/85">
          © {year} ReRide. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

/**
 * The seed's footer sections. There are no such pages, so the entries are
 * plain text rather than links that lead nowhere.
 */
const sections = [
  { title: "Services", items: ["Branding", "Design", "Marketing", "Advertisement"] },
  { title: "Company", items: ["About us", "Contact", "Jobs", "Press kit"] },
  { title: "Legal", items: ["Terms of use", "Privacy policy", "Cookie policy"] },
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
          <div key={section.title}>
            <h2 className="mb-3 text-sm font-semibold uppercase tracking-wider text-neutral-content/85">
              {section.title}
            </h2>
            <ul className="space-y-2 text-sm">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
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

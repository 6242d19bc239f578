import type { CategoryName } from "#src/shared/schemas/categories";

/**
 * What generated listings are made of: real models with plausible new
 * prices, the demo pictures that ship in public/images/bikes, places with and
 * without accents (the search folds them), and title phrases. Enough variety
 * that a search word matches a realistic share of bikes: a brand a third, a
 * model a few percent, a model plus a place a fraction of a percent.
 */
export interface Model {
  name: string;
  /** New price in whole USD. */
  price: number;
  image: string;
}

export const MODELS: Record<CategoryName, Model[]> = {
  SUZUKI: [
    { name: "Gixxer SF", price: 2400, image: "suzuki-gixxer-sf" },
    { name: "Gixxer 250", price: 2900, image: "suzuki-gixxer-sf" },
    { name: "GSX-R150", price: 2900, image: "suzuki-gsx-r150" },
    { name: "Intruder 150", price: 2100, image: "suzuki-intruder-150" },
    { name: "V-Strom 650", price: 9800, image: "suzuki-v-strom-650" },
    { name: "Hayabusa", price: 19500, image: "suzuki-gsx-r150" },
    { name: "Burgman Street", price: 1500, image: "suzuki-intruder-150" },
    { name: "GSX-S750", price: 8900, image: "suzuki-gsx-r150" },
  ],
  YAMAHA: [
    { name: "R15 V4", price: 2700, image: "yamaha-r15-v4" },
    { name: "MT-15", price: 2500, image: "yamaha-mt-15" },
    { name: "FZ-S V3", price: 1800, image: "yamaha-fz-s-v3" },
    { name: "FZ25", price: 2200, image: "yamaha-fz-s-v3" },
    { name: "YZF-R3", price: 5500, image: "yamaha-yzf-r3" },
    { name: "MT-07", price: 8600, image: "yamaha-mt-15" },
    { name: "Tracer 9", price: 13500, image: "yamaha-yzf-r3" },
    { name: "XSR155", price: 2600, image: "yamaha-r15-v4" },
  ],
  KTM: [
    { name: "Duke 200", price: 2600, image: "ktm-duke-200" },
    { name: "Duke 390", price: 4900, image: "ktm-duke-390" },
    { name: "RC 390", price: 5600, image: "ktm-rc-390" },
    { name: "390 Adventure", price: 6800, image: "ktm-390-adventure" },
    { name: "Duke 125", price: 2000, image: "ktm-duke-200" },
    { name: "RC 200", price: 2900, image: "ktm-rc-390" },
    { name: "890 Duke R", price: 12500, image: "ktm-duke-390" },
    { name: "1290 Super Duke", price: 19900, image: "ktm-duke-390" },
  ],
};

export const BRAND: Record<CategoryName, string> = {
  SUZUKI: "Suzuki",
  YAMAHA: "Yamaha",
  KTM: "KTM",
};

export const LOCATIONS = [
  "Dhaka",
  "Chattogram",
  "Sylhet",
  "Khulna",
  "Rajshahi",
  "Barishal",
  "Rangpur",
  "Mymensingh",
  "Cumilla",
  "Gazipur",
  "Narayanganj",
  "Bogura",
  "Cox's Bazar",
  "Jashore",
  "Dinajpur",
  "Łódź",
  "Kraków",
  "München",
  "Zürich",
  "São Paulo",
  "Málaga",
  "Besançon",
  "Göteborg",
  "Kolkata",
  "Bengaluru",
  "Pune",
  "Kathmandu",
  "Colombo",
  "Jakarta",
  "Hà Nội",
];

export const TITLE_PHRASES = [
  "one owner",
  "low mileage",
  "garage kept",
  "full service history",
  "new tyres",
  "papers ready",
  "first owner, never raced",
  "recently serviced",
  "minor scratches",
  "like new",
  "good condition",
  "must sell",
  "quick sale",
  "upgraded exhaust",
  "with riding gear",
  "ABS",
];

export const DESCRIPTIONS = [
  "Serviced every 3,000 km at the dealer. New chain kit last month.",
  "Daily commuter, never dropped. All papers and both keys.",
  "Stock exhaust included. Minor scratch on the left fairing.",
  "Selling because I am moving abroad. Test rides with a licence only.",
  "Fresh oil change, new brake pads front and rear. Tax token valid for a year.",
  "Garage kept, ridden on weekends only. Comes with a tank bag and a cover.",
  null,
];

/** A conversation's lines, buyer and seller taking turns (the buyer asks first). */
export const BUYER_LINES = [
  "Is this still available?",
  "Can I see it this weekend?",
  "Would you take a little less for it?",
  "Has it ever been in an accident?",
  "Are the papers up to date?",
];

export const SELLER_LINES = [
  "Yes, it is still available.",
  "Saturday morning works for me.",
  "The price is fair for the condition, but come and see it.",
  "No accidents, only the scratches in the photos.",
  "All papers are up to date.",
];

export const FIRST_NAMES = [
  "Rahim",
  "Nadia",
  "Tom",
  "Ayesha",
  "Karim",
  "Fatima",
  "Jonas",
  "Priya",
  "Arjun",
  "Sadia",
  "Marta",
  "Lukas",
  "Imran",
  "Tania",
  "Rafael",
  "Mei",
  "Oskar",
  "Nusrat",
  "Hasan",
  "Elena",
];

export const LAST_NAMES = [
  "Ahmed",
  "Islam",
  "Becker",
  "Rahman",
  "Hossain",
  "Chowdhury",
  "Nowak",
  "Kowalski",
  "Silva",
  "Müller",
  "Sharma",
  "Das",
  "Khan",
  "García",
  "Nguyen",
];

export const SHOP_SUFFIXES = ["Motors", "Bikes", "Moto House", "Riders", "Two Wheels"];

/** Small, fast, seeded: the same data for the same seed, run after run. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error("pick from an empty list");
      return item;
    },
  };
}

export type Random = ReturnType<typeof randomSource>;

import type { CategoryName } from "../../shared/schemas/categories";

/** Demo data for a first start: real models, plausible prices (whole currency units). */
export interface DemoSeller {
  key: string;
  name: string;
  email: string;
  verified: boolean;
}

export interface DemoListing {
  seller: DemoSeller["key"];
  category: CategoryName;
  title: string;
  name: string;
  image: string;
  location: string;
  yearsOfUse: number;
  originalPrice: number;
  resalePrice: number;
  phone: string;
  description: string;
  daysAgo: number;
}

export const demoSellers: DemoSeller[] = [
  { key: "rahim", name: "Rahim Motors", email: "rahim.motors@reride.local", verified: true },
  { key: "nadia", name: "Nadia Islam", email: "nadia.islam@reride.local", verified: false },
  { key: "tom", name: "Tom Becker", email: "tom.becker@reride.local", verified: false },
];

export const demoListings: DemoListing[] = [
  {
    seller: "rahim",
    category: "SUZUKI",
    title: "Suzuki Gixxer SF, one owner, full service history",
    name: "Gixxer SF",
    image: "suzuki-gixxer-sf",
    location: "Dhaka",
    yearsOfUse: 2,
    originalPrice: 2400,
    resalePrice: 1750,
    phone: "+8801711000001",
    description: "Serviced every 3,000 km at the dealer. New rear tyre and chain kit last month.",
    daysAgo: 1,
  },
  {
    seller: "nadia",
    category: "SUZUKI",
    title: "Suzuki GSX-R150, track-day ready",
    name: "GSX-R150",
    image: "suzuki-gsx-r150",
    location: "Chattogram",
    yearsOfUse: 3,
    originalPrice: 2900,
    resalePrice: 1900,
    phone: "+8801811000002",
    description: "Stock exhaust included. Minor scratch on the left fairing.",
    daysAgo: 4,
  },
  {
    seller: "tom",
    category: "SUZUKI",
    title: "Suzuki V-Strom 650, touring kit",
    name: "V-Strom 650",
    image: "suzuki-v-strom-650",
    location: "Sylhet",
    yearsOfUse: 5,
    originalPrice: 9800,
    resalePrice: 6200,
    phone: "+8801911000003",
    description: "Panniers, crash bars and heated grips. Tyres at 70%.",
    daysAgo: 9,
  },
  {
    seller: "rahim",
    category: "SUZUKI",
    title: "Suzuki Intruder 150, cruiser in mint condition",
    name: "Intruder 150",
    image: "suzuki-intruder-150",
    location: "Dhaka",
    yearsOfUse: 1,
    originalPrice: 2100,
    resalePrice: 1800,
    phone: "+8801711000001",
    description: "Garage kept, 6,000 km.",
    daysAgo: 15,
  },
  {
    seller: "nadia",
    category: "YAMAHA",
    title: "Yamaha R15 V4, racing blue",
    name: "R15 V4",
    image: "yamaha-r15-v4",
    location: "Dhaka",
    yearsOfUse: 1,
    originalPrice: 3300,
    resalePrice: 2800,
    phone: "+8801811000002",
    description: "Quick shifter fitted. Papers up to date.",
    daysAgo: 2,
  },
  {
    seller: "tom",
    category: "YAMAHA",
    title: "Yamaha MT-15, daily commuter",
    name: "MT-15",
    image: "yamaha-mt-15",
    location: "Khulna",
    yearsOfUse: 2,
    originalPrice: 2700,
    resalePrice: 2000,
    phone: "+8801911000003",
    description: "Phone mount and USB charger. Never dropped.",
    daysAgo: 6,
  },
  {
    seller: "rahim",
    category: "YAMAHA",
    title: "Yamaha FZ-S V3, fuel-injected and frugal",
    name: "FZ-S V3",
    image: "yamaha-fz-s-v3",
    location: "Rajshahi",
    yearsOfUse: 4,
    originalPrice: 1900,
    resalePrice: 1100,
    phone: "+8801711000001",
    description: "Battery replaced this year.",
    daysAgo: 11,
  },
  {
    seller: "nadia",
    category: "YAMAHA",
    title: "Yamaha YZF-R3, twin-cylinder fun",
    name: "YZF-R3",
    image: "yamaha-yzf-r3",
    location: "Chattogram",
    yearsOfUse: 3,
    originalPrice: 5600,
    resalePrice: 4100,
    phone: "+8801811000002",
    description: "Slip-on exhaust, original kept. Service book stamped.",
    daysAgo: 20,
  },
  {
    seller: "tom",
    category: "KTM",
    title: "KTM Duke 200, sharp and light",
    name: "Duke 200",
    image: "ktm-duke-200",
    location: "Dhaka",
    yearsOfUse: 2,
    originalPrice: 2600,
    resalePrice: 1900,
    phone: "+8801911000003",
    description: "Tank pad and frame sliders.",
    daysAgo: 3,
  },
  {
    seller: "rahim",
    category: "KTM",
    title: "KTM RC 390, ABS, low kilometres",
    name: "RC 390",
    image: "ktm-rc-390",
    location: "Sylhet",
    yearsOfUse: 1,
    originalPrice: 5200,
    resalePrice: 4500,
    phone: "+8801711000001",
    description: "Supermoto ABS mode. 4,200 km.",
    daysAgo: 5,
  },
  {
    seller: "nadia",
    category: "KTM",
    title: "KTM 390 Adventure, ready for the hills",
    name: "390 Adventure",
    image: "ktm-390-adventure",
    location: "Khulna",
    yearsOfUse: 2,
    originalPrice: 6400,
    resalePrice: 4900,
    phone: "+8801811000002",
    description: "Bash plate, aux lights, knobbly tyres.",
    daysAgo: 8,
  },
  {
    seller: "tom",
    category: "KTM",
    title: "KTM Duke 390, orange and angry",
    name: "Duke 390",
    image: "ktm-duke-390",
    location: "Rajshahi",
    yearsOfUse: 6,
    originalPrice: 5000,
    resalePrice: 2600,
    phone: "+8801911000003",
    description: "High mileage but strong engine. Clutch replaced.",
    daysAgo: 13,
  },
];

export const categoryNames = ["SUZUKI", "YAMAHA", "KTM"] as const;
export type CategoryName = (typeof categoryNames)[number];

export interface Category {
  id: string;
  name: CategoryName;
  logo: string;
  availableCount: number;
}

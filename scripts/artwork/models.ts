/** What a bike drawing is made of: a chassis style and its colours. */
import type { Point } from "./svg";

export interface WheelStyle {
  type: "wire" | "cast3" | "cast5" | "cast6";
  rim: string;
  spoke?: string;
  caliper?: string;
  phase?: number;
}

export interface ForkStyle {
  usd: boolean;
  color: string;
  boots?: boolean;
}

export interface EngineStyle {
  twin?: boolean;
  fins?: number;
  color?: string;
  cylColor?: string;
  finColor?: string;
  headColor?: string;
  cover?: string;
  coverEdge?: string;
  radiator?: boolean;
}

/** A filled shape laid over a panel in another colour. */
export interface Accent {
  d: string;
  color: string;
}

/** Wheel centres and radii, head stock and swingarm pivot of one chassis. */
export interface Geometry {
  ground: number;
  R: Point;
  rr: number;
  F: Point;
  fr: number;
  head: Point;
  pivot: Point;
}

interface CommonStyle {
  body: string;
  wheel: WheelStyle;
  seat?: string;
  tankColor?: string;
}

export interface SportStyle extends CommonStyle {
  style: "half" | "full" | "naked";
  body2?: string;
  head?: "round" | "mt" | "duke";
  tail?: "duke";
  headColor?: string;
  accent?: string;
  shroud?: string;
  shroudAccent?: string;
  fairingAccent?: Accent;
  fairingAccent2?: Accent;
  tankAccent?: Accent;
  tailColor?: string;
  tailAccent?: string;
  pillion?: string;
  split?: Point[];
  twinLight?: boolean;
  screen?: string;
  fenderColor?: string;
  frame: { type: "trellis" | "spar"; color: string };
  fork: ForkStyle;
  engine: EngineStyle;
  exhaust: { type: "side" | "under" | "stubby"; color?: string; can?: string; tip?: string };
  spring?: string;
  swingarm?: string;
}

export interface AdventureStyle extends CommonStyle {
  style: "adv";
  body2?: string;
  noseColor?: string;
  beak?: string;
  shroud?: string;
  shroudAccent?: string;
  tailColor?: string;
  tailAccent?: string;
  panniers?: string;
  screen?: string;
  fenderColor?: string;
  bashColor?: string;
  exhaustColor?: string;
  frame: { color: string };
  fork: ForkStyle;
  engine: EngineStyle;
  spring?: string;
  swingarm?: string;
}

export interface CruiserStyle extends CommonStyle {
  style: "cruiser";
  chrome?: string;
  stripe?: string;
}

/** One picture in the catalogue: public/images/bikes/<slug>.svg. */
export type BikeModel = (SportStyle | AdventureStyle | CruiserStyle) & {
  slug: string;
  label: string;
  /** Background gradient, top and bottom. */
  bg: [string, string];
};

/** A drawn bike and the chassis it was drawn on. */
export interface Drawn {
  s: string;
  G: Geometry;
}

/**
 * True when A and B are the same type. A response schema states
 * `true satisfies SameType<z.infer<typeof schema>, Interface>` so the
 * document and the interface the code uses can't part without a type error.
 */
export type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

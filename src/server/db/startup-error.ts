/** A start that can't go on, said in one sentence (main.ts prints the message, not a stack). */
export class StartupError extends Error {}

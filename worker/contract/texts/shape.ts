// The shape of a text module in every language (issue 42, decision 340): the French module's keys,
// each a string, a function answering a string with the same parameters, a list of as many strings,
// or a nested module. A Kreyòl module declared `Texts<typeof frenchModule>` misses a text only as a
// type error, never as a French word on a Kreyòl screen.
export type Texts<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : T extends object
      ? { readonly [K in keyof T]: Texts<T[K]> }
      : T;

// A component of a module loaded when it first renders: React's `lazy` of a named export (the
// screens' dialogs and tabs that most visits never open: their own chunks).
import { type ComponentType, lazy } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- lazy()'s own bound
type AnyComponent = ComponentType<any>;

export const lazyPart = <M extends Record<K, AnyComponent>, K extends keyof M>(load: () => Promise<M>, name: K) =>
  lazy<M[K]>(async () => ({ default: (await load())[name] }));

/// <reference types="vite/client" />

/** The CSP hash source of the sign-in page's inline script, defined by the build (scripts/lib/first-paint-csp.ts). */
declare const __FIRST_PAINT_CSP__: string;

import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB_TO_WORKER = {
  regex: '(^|/)worker/(?!domain/|contract/)',
  message: 'The web imports worker/domain and worker/contract only.',
};
const WEB_TO_CONTRACT = {
  regex: '(^|/)worker/contract/(?!texts/)',
  allowTypeImports: true,
  message: 'Contract schemas come into the web as types only (import type): zod stays out of the bundle.',
};
const WORKER_TO_WEB = {
  regex: '(^|/)web/',
  message: 'The worker does not import the web: the texts it sends live in worker/contract/texts.',
};
const DOMAIN_IS_PURE = [
  {
    regex: '(^|/)(auth|db|lib|routes|durable|files)/',
    message: 'Domain rules are pure: no auth, database, routes or I/O.',
  },
  { regex: '^(drizzle-orm|hono)', message: 'Domain rules are pure: no drizzle, no Hono.' },
];
const TABLES_IN_DB = [
  { regex: '^drizzle-orm', allowTypeImports: true, message: 'Queries live in worker/db/<table>.ts.' },
  { regex: '(^|/)db/schema$', message: 'Queries live in worker/db/<table>.ts: routes and lib do not touch tables.' },
];

// One school clock (decision 210): the day, month, weekday and year come from worker/domain/dates.ts
// (America/Port-au-Prince), never from the device's zone (Date's local getters) or from UTC's day.
const ONE_SCHOOL_CLOCK = [
  {
    selector:
      'CallExpression[callee.property.name=/^(getFullYear|getMonth|getDate|getDay|getHours|getMinutes|setFullYear|setMonth|setDate|setHours)$/]',
    message: "The device's day is not the school's: use worker/domain/dates.ts (schoolToday, schoolClock...).",
  },
  {
    selector: "CallExpression[callee.property.name='slice'][callee.object.callee.property.name='toISOString']",
    message: "UTC's day is not the school's: use worker/domain/dates.ts (schoolToday, addDays...).",
  },
];

// One formatter (issue 38; decision 310): dates, times and numbers are written for people by
// worker/domain/format.ts, every instant in the school's zone. `toLocaleDateString`,
// `toLocaleTimeString` and `toLocaleString` use the device's zone (a phone in Tokyo shows Tokyo's
// time), `Intl.DateTimeFormat` and `Intl.NumberFormat` are that module's own.
const ONE_FORMATTER = [
  {
    selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
    message:
      "The device's zone is not the school's: write dates, times and numbers with worker/domain/format.ts (formatInstant, formatDate, formatDecimal...).",
  },
  {
    selector:
      ':matches(NewExpression, CallExpression)[callee.object.name="Intl"][callee.property.name=/^(DateTimeFormat|NumberFormat)$/]',
    message: "Dates, times and numbers are written by worker/domain/format.ts (in the school's zone): use it.",
  },
];

// One way to write a button: components/Button.tsx (`type="button"`, a look), SubmitButton for a
// form's submit, DialogButtons for a dialog's foot. A raw <button> keeps only the app's other
// controls (chips, tabs, icons), never the `btn` classes by hand.
const ONE_BUTTON = [
  {
    selector:
      "JSXOpeningElement[name.name='button'] > JSXAttribute[name.name='className'] > Literal[value=/^btn( |$)/]",
    message: "A button is components/Button.tsx (a form's submit: SubmitButton; a dialog's foot: DialogButtons).",
  },
];

// A number a person types is a text field with the decimal (or numeric) keypad, read by the domain's
// parsers: a number field drops a French keyboard's comma ('12,5' reached the server as 12, issue 38).
const TYPED_NUMBERS = [
  {
    selector: "JSXAttribute[name.name='type'][value.value='number']",
    message: 'No type="number": a text field with inputMode="decimal" (or "numeric"), read by parsePoints/parseAmount.',
  },
];

// Screens call the API by endpoint (decision 263): `useRead`/`read`/`send`/`sendNow` from
// web/api/calls.ts and useWrite's `write`, with `endpoints.<area>.<name>` (web/api/endpoints.ts,
// generated from worker/contract/). The path-based client stays inside web/api/.
const BY_ENDPOINT = [
  {
    regex: '(^|/)api/client$',
    importNames: ['api'],
    message: 'Call the API by endpoint: read/send/sendNow from web/api/calls, with endpoints.<area>.<name>.',
  },
  {
    regex: '(^|/)api/useApi$',
    importNames: ['useApi'],
    message: 'Read by endpoint: useRead(endpoints.<area>.<name>, args) from web/api/calls.',
  },
];
const API_CALL = "CallExpression:matches([callee.name=/^(useApi|usePolled)$/], [callee.object.name='api'])";
const NO_HAND_WRITTEN_PATH = [
  {
    selector: `${API_CALL} > Literal[value=/^\\//]`,
    message: 'No API path written by hand: call an endpoint of web/api/endpoints.ts.',
  },
  {
    selector: `${API_CALL} > TemplateLiteral > TemplateElement:first-child[value.raw=/^\\//]`,
    message: 'No API path written by hand: call an endpoint of web/api/endpoints.ts.',
  },
];
const CALLERS = [
  'web/screens/**/*.{ts,tsx}',
  'web/layouts/**/*.{ts,tsx}',
  'web/app/**/*.{ts,tsx}',
  'web/session/**/*.{ts,tsx}',
];

export default tseslint.config(
  {
    ignores: ['dist', 'node_modules', '.wrangler', 'test-results', 'playwright-report', 'bench-results', 'migrations'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.serviceworker } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Dependencies point one way (docs/architecture.md, "Layers"). Later blocks replace the rule's
  // options for their files, so each block lists every pattern its files obey.
  {
    files: ['worker/**/*.ts', 'web/**/*.{ts,tsx}'],
    ignores: ['worker/domain/dates.ts', 'worker/domain/format.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...ONE_SCHOOL_CLOCK, ...ONE_FORMATTER, ...ONE_BUTTON, ...TYPED_NUMBERS],
    },
  },
  // The formatter keeps the one clock (the school clock, dates.ts, keeps its own parts' format).
  { files: ['worker/domain/format.ts'], rules: { 'no-restricted-syntax': ['error', ...ONE_SCHOOL_CLOCK] } },
  restrict(['web/**/*.{ts,tsx}'], [WEB_TO_WORKER, WEB_TO_CONTRACT]),
  {
    ...restrict(CALLERS, [WEB_TO_WORKER, WEB_TO_CONTRACT, ...BY_ENDPOINT]),
  },
  {
    files: CALLERS,
    rules: {
      'no-restricted-syntax': [
        'error',
        ...ONE_SCHOOL_CLOCK,
        ...ONE_FORMATTER,
        ...NO_HAND_WRITTEN_PATH,
        ...ONE_BUTTON,
        ...TYPED_NUMBERS,
      ],
    },
  },
  restrict(['worker/**/*.ts'], [WORKER_TO_WEB]),
  restrict(['worker/domain/**/*.ts'], [WORKER_TO_WEB, ...DOMAIN_IS_PURE]),
  restrict(['worker/routes/**/*.ts', 'worker/lib/**/*.ts'], [WORKER_TO_WEB, ...TABLES_IN_DB]),
);

/** A no-restricted-imports rule for some files. */
function restrict(files, patterns) {
  return { files, rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] } };
}

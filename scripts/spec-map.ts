// The newcomer's map (docs/map.md, decision 296): each screen and API call of the spec, where it
// lives in the code. Written from the code itself, so that it cannot drift: the addresses and
// their modules from web/routes.tsx, the calls each screen makes from the `endpoints.<area>.<name>`
// in the files its module imports (relative imports into web/screens, web/components and
// web/layouts, static or lazy), each endpoint's method and path and contract file from the
// generated web/api/endpoints.ts, and the route file that serves it from the routes each
// worker/routes/*.ts registers. Only the spec's side is written here: its route tables, screen
// headings and tabs, copied as the spec has them (the API tables are spec-tables.ts's).
// A generator (under scripts/, issue 41): test/worker/spec-map.test.ts keeps docs/map.md equal to `specMap()`; `npm run openapi` writes it.
import { CALLS, type SpecCall } from '../test/worker/spec-tables';

/** Document 1 §2 'Route table', its rows as written. */
export const ROUTES_1 = `
| / | Public landing page | public |
| /login | Sign-in | public |
| /force-password-change | Replace a temporary password | authenticated |
| /dashboard | Admin home | authenticated staff |
| /students | Student management | authenticated staff |
| /class/{className} | Class payments page | authenticated staff |
| /report | Financial report | authenticated staff |
| /reports/attendance | Attendance tracking | authenticated staff |
| /report-cards | Bulk report cards | authenticated staff |
| /docs | Documentation viewer | authenticated staff |
| /student-portal | Student account management | permission student_portal:manage_accounts |
| /teachers-management | Teacher management | permission settings:manage_teachers |
| /timetable | Timetable management | permission settings:manage_timetable |
| /admin | Administration panel | admin area |
| /admin/users | User list | permission user:manage |
| /admin/add-user | Add-user form (returns to /admin/users on success) | permission user:manage |
| /admin/contact | Support (chat with teachers) | admin area |
| /superadmin | Superadmin home | superadmin or superadmin_delegate |
| /teacher | Teacher dashboard | teacher or admin |
| /teacher/class/{className}/subject/{subjectId} | Grade book entry for one subject of a class | teacher or admin |
| /student, /student/timetable, /student/grades, /student/resources, /student/finance, /student/docs | Student area with its own layout; student data loads first | student or admin |
`;

/** Document 2 §2 'Routes', its rows as written. */
export const ROUTES_2 = `
| /students | Student management ('Gestion des Élèves') |
| /class/{className} | Class finance screen (route uses the class name and the selected school year) |
| /report | Financial report ('Rapport Financier') |
| /reports/attendance | Attendance tracking ('Suivi des Présences') |
| /report-cards | Bulk report cards ('Gestion des Bulletins') |
| /student-portal | Student portal account management ('Portail Élève') |
| /teacher | Teacher dashboard |
| /teacher/class/{className}/subject/{subjectId} | Teacher grade book for one class and subject |
| /teachers-management, /timetable | Staff screens; their content is not shown |
| /student | Student dashboard ('Tableau de Bord') |
| /student/timetable | Student timetable ('Emploi du temps') |
| /student/grades | Student grades ('Notes'; greyed out when grades access is disabled) |
| /student/resources | Student resources ('Ressources') |
| /student/finance | Student finances ('Finances') |
| /student/docs | Student documentation |
| /docs | Documentation viewer for other roles |
| /admin (tabs journal, resources, promotion) | Audit log, resource management and promotion tool live in the administration panel; the tab-to-screen mapping beyond this is not shown |
`;

/** Document 1 §2 'Administration panel', its tab table as written (tab, content). */
export const ADMIN_TABS = `
| general | School info | - |
| communications | Teacher support, teacher announcements, student announcements | - |
| academic_year | School years | - |
| periods | Academic periods | - |
| classes | Classes | - |
| subjects | Subjects | - |
| programme | Curriculum per class | - |
| promotion | Student promotion tool (see document 2) | - |
| resources | Resource management (see document 2) | settings:manage_academic |
| financials | Tuition amounts per class | - |
| users | Link to /admin/users | user:manage |
| roles | Roles management | role:manage |
| journal | Activity log, admin scope (see document 2) | - |
| security | Password change for the signed-in user (see document 2) | - |
`;

/**
 * The screen sections of both documents' §2, headings as written, and where each is in the app:
 * an address of web/routes.tsx ('/students') or, for a screen without an address of its own (a
 * modal, a tab, a layout), its module under web/ ('screens/students/StudentSheet').
 */
export const SCREENS: { document: 1 | 2; heading: string; at: string[] }[] = [
  { document: 1, heading: 'Landing page (/)', at: ['/'] },
  { document: 1, heading: 'Login (/login)', at: ['/login'] },
  { document: 1, heading: 'Forced password change (/force-password-change)', at: ['/force-password-change'] },
  { document: 1, heading: 'Layouts and global elements', at: ['layouts/StaffLayout', 'layouts/StudentLayout'] },
  { document: 1, heading: 'Admin home (/dashboard)', at: ['/dashboard'] },
  { document: 1, heading: 'Setup wizard (modal, 8 steps)', at: ['screens/setup-wizard/SetupWizard'] },
  { document: 1, heading: 'Administration panel (/admin)', at: ['/admin'] },
  { document: 1, heading: 'User list (/admin/users)', at: ['/admin/users'] },
  { document: 1, heading: 'Add-user form (/admin/add-user)', at: ['/admin/add-user'] },
  { document: 1, heading: 'Documentation viewer (/docs, /student/docs)', at: ['/docs', '/student/docs'] },
  {
    document: 2,
    heading: 'Top navigation bar (staff and student layouts)',
    at: ['layouts/StaffLayout', 'layouts/StudentLayout'],
  },
  { document: 2, heading: "Student management ('Gestion des Élèves')", at: ['/students'] },
  { document: 2, heading: "Student sheet modal ('Fiche de l'Élève')", at: ['screens/students/StudentSheet'] },
  { document: 2, heading: "Change class dialog ('Changer de Classe')", at: ['screens/students/dialogs'] },
  {
    document: 2,
    heading: 'Confirmations',
    at: [
      'screens/students/form/StudentForm',
      'screens/class-finance/FinancePanel',
      'screens/students/register/Register',
    ],
  },
  { document: 2, heading: 'Class finance screen', at: ['/class/{className}'] },
  { document: 2, heading: "Financial report ('Rapport Financier', back to /dashboard)", at: ['/report'] },
  {
    document: 2,
    heading: 'Grade book (teacher page and modal in the admin dashboard)',
    at: ['/teacher/class/{className}/subject/{subjectId}', 'screens/gradebook/GradeBookDialog'],
  },
  { document: 2, heading: "Bulk report cards ('Gestion des Bulletins')", at: ['/report-cards'] },
  { document: 2, heading: 'Teacher dashboard', at: ['/teacher'] },
  { document: 2, heading: "Attendance tracking ('Suivi des Présences')", at: ['/reports/attendance'] },
  {
    document: 2,
    heading: 'Student portal (student layout)',
    at: ['/student', '/student/timetable', '/student/grades', '/student/resources', '/student/finance'],
  },
  { document: 2, heading: 'Password change form', at: ['screens/admin/tabs/SecurityTab'] },
  { document: 2, heading: "Audit log ('Journal d'Activité')", at: ['screens/journal/ActivityLog'] },
  { document: 2, heading: "Promotion tool ('Outil de Promotion des Élèves')", at: ['screens/admin/tabs/PromotionTab'] },
  { document: 2, heading: "Resource management ('Gestion des Ressources')", at: ['screens/resources/ResourceManager'] },
];

/** What the map is written from: sources by their path in the repository ('web/routes.tsx'). */
export interface MapInputs {
  /** Every .ts and .tsx file under web/. */
  web: Record<string, string>;
  /** 'get /academic-periods/:id' (the contract's method and path) -> 'worker/routes/academic-periods.ts'. */
  routeFileOf: Map<string, string>;
}

interface Endpoint {
  /** 'periods.update' */
  name: string;
  method: string;
  /** '/academic-periods/:id' (under /api) */
  path: string;
  /** The write's offline behaviour as the contract declares it ('never', 'draft'), if not queued. */
  offline?: string;
  contract: string;
  route: string;
}

/** A page's address in web/routes.tsx ('/class/:className') and its module ('screens/class-finance/ClassFinancePage'). */
interface Address {
  path: string;
  module: string;
}

const cells = (row: string) =>
  row
    .split('|')
    .slice(1, -1)
    .map((c) => c.trim());
const rows = (table: string) => table.trim().split('\n').map(cells);
/** '/class/{className}' and '/class/:className' alike: '/class/{}'. */
const shape = (path: string) => path.replace(/\{[^}]+\}|:\w+/g, '{}');
const code = (text: string) => `\`${text}\``;
const link = (file: string) => `[${code(file)}](../${file})`;

/** The endpoints of web/api/endpoints.ts, with their contract file and route file. */
function endpointsOf(inputs: MapInputs): Map<string, Endpoint> {
  const source = inputs.web['web/api/endpoints.ts'];
  if (!source) throw new Error('web/api/endpoints.ts introuvable');
  const contractOf = new Map(
    [...source.matchAll(/import type \{ (\w+) \} from '\.\.\/\.\.\/worker\/contract\/([\w-]+)';/g)].map((m) => [
      m[1]!,
      `worker/contract/${m[2]}.ts`,
    ]),
  );
  const endpoints = new Map<string, Endpoint>();
  for (const block of source.matchAll(
    /^ {2}(\w+): (?:\/\* @__PURE__ \*\/ )?routes<typeof (\w+)>\(\{\n([\s\S]*?)\n {2}\}\),$/gm,
  )) {
    for (const entry of block[3]!.matchAll(/^ {4}(\w+): \['(\w+)', '([^']+)'(?:, '(\w+)')?\],$/gm)) {
      const name = `${block[1]}.${entry[1]}`;
      const route = inputs.routeFileOf.get(`${entry[2]} ${entry[3]}`);
      if (!route) throw new Error(`${name} : aucune route de worker/routes/ ne sert ${entry[2]} ${entry[3]}`);
      endpoints.set(name, {
        name,
        method: entry[2]!.toUpperCase(),
        path: entry[3]!,
        contract: contractOf.get(block[2]!)!,
        route,
        ...(entry[4] ? { offline: entry[4] } : {}),
      });
    }
  }
  return endpoints;
}

/** The pages of web/routes.tsx, and its layouts by module. */
function addressesOf(inputs: MapInputs): Address[] {
  const source = inputs.web['web/routes.tsx']!;
  const addresses: Address[] = [];
  // In the file's order: `path: '/x', ...screen('module')`, `path: '/x', element: <Component />`,
  // and a staff screen behind one permission, `permitted('permission', '/x', 'module')`.
  const pattern =
    /path:\s*'([^']+)',\s*(?:\.\.\.screen\(\s*'([^']+)'|element:\s*<(\w+) \/>)|permitted\('[^']+', '([^']+)', '([^']+)'\)/g;
  for (const m of source.matchAll(pattern)) {
    if (m[4]) addresses.push({ path: m[4], module: m[5]! });
    else if (m[2]) addresses.push({ path: m[1]!, module: m[2] });
    else if (m[3] !== 'Navigate') {
      const imported = new RegExp(`import \\{ ${m[3]} \\} from '\\./([^']+)';`).exec(source);
      if (!imported) throw new Error(`web/routes.tsx : ${m[3]} n'est pas importé`);
      addresses.push({ path: m[1]!, module: imported[1]! });
    }
  }
  return addresses;
}

/** The file of a module ('screens/x/Y' -> 'web/screens/x/Y.tsx'). */
function fileOf(inputs: MapInputs, module: string): string {
  for (const candidate of [
    `web/${module}`,
    `web/${module}.tsx`,
    `web/${module}.ts`,
    `web/${module}/index.tsx`,
    `web/${module}/index.ts`,
  ])
    if (/\.tsx?$/.test(candidate) && candidate in inputs.web) return candidate;
  throw new Error(`Module introuvable : web/${module}`);
}

/** The files a module loads, itself first: its relative imports into screens, components and layouts. */
function graphOf(inputs: MapInputs, start: string): string[] {
  const seen = new Set<string>([start]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    const dir = file.slice(0, file.lastIndexOf('/'));
    const source = inputs.web[file]!;
    for (const m of source.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
      const parts = `${dir}/${m[1]}`.split('/');
      const resolved: string[] = [];
      for (const part of parts) {
        if (part === '..') resolved.pop();
        else if (part !== '.') resolved.push(part);
      }
      const target = resolved.join('/');
      if (!/^web\/(screens|components|layouts)\//.test(target) || /\.(?!tsx?$)\w+(\?.*)?$/.test(target)) continue;
      const found = fileOf(inputs, target.slice('web/'.length));
      if (!seen.has(found)) {
        seen.add(found);
        queue.push(found);
      }
    }
  }
  return [...seen];
}

/**
 * The endpoints a set of files names, each with the files (under web/) that name it:
 * `endpoints.area.name`; a whole area handed on (`endpoints: endpoints.periods`, every endpoint of
 * it); an area taken apart (`const { communications } = endpoints;` then `communications.name`);
 * and web/api's own calls by path (`api.get<…>('/instance/current')`).
 */
function callsIn(inputs: MapInputs, endpoints: Map<string, Endpoint>, files: string[]): Map<string, string[]> {
  const calls = new Map<string, string[]>();
  const areaOf = (area: string) => [...endpoints.keys()].filter((name) => name.startsWith(`${area}.`));
  for (const file of files) {
    const source = inputs.web[file]!;
    const named = new Set<string>();
    for (const m of source.matchAll(/\bendpoints\.(\w+)(?:\.(\w+))?\b/g))
      for (const name of m[2] ? [`${m[1]}.${m[2]}`] : areaOf(m[1]!)) named.add(name);
    for (const m of source.matchAll(/const \{([\w\s,]+)\} = endpoints;/g))
      for (const area of m[1]!.split(',').map((a) => a.trim()))
        for (const use of source.matchAll(new RegExp(`\\b${area}\\.(\\w+)\\b`, 'g')))
          if (endpoints.has(`${area}.${use[1]}`)) named.add(`${area}.${use[1]}`);
    for (const m of source.matchAll(/\bapi\.(get|post|put|delete)(?:<[^>]*>)?\('([^']+)'/g))
      for (const e of endpoints.values()) if (e.method === m[1]!.toUpperCase() && e.path === m[2]) named.add(e.name);
    for (const name of named) calls.set(name, [...(calls.get(name) ?? []), file.slice('web/'.length)]);
  }
  return calls;
}

function callTable(endpoints: Map<string, Endpoint>, calls: Map<string, string[]>): string[] {
  if (!calls.size) return ['No API call.'];
  const lines = [
    '| Endpoint | Method and path | Route file | Contract | Called in (under `web/`) |',
    '|---|---|---|---|---|',
  ];
  for (const [name, files] of [...calls].sort(([a], [b]) => a.localeCompare(b))) {
    const e = endpoints.get(name);
    if (!e) throw new Error(`endpoints.${name} : absent de web/api/endpoints.ts`);
    lines.push(
      `| ${code(`endpoints.${name}`)} | ${code(`${e.method} /api${e.path}`)} | ${code(e.route)} | ${code(e.contract)} | ${files
        .map(code)
        .join(', ')} |`,
    );
  }
  return lines;
}

/** The text of docs/map.md. */
/** Three places a newcomer looks for and does not find by a screen or a call (issue 41). */
function placesSection(inputs: MapInputs, endpoints: Map<string, Endpoint>): string[] {
  const queueing = inputs.web['web/sw/queueing.ts'];
  if (!queueing?.includes('export function queuedOffline'))
    throw new Error('web/sw/queueing.ts : queuedOffline introuvable');
  const notQueued = [...endpoints.values()].filter((e) => e.offline).sort((a, b) => a.name.localeCompare(b.name));
  return [
    '## Where it happens',
    '',
    '- **Where storage is packed** (marks and scores by seat, decisions 220 and 350): ' +
      `${link('worker/db/seats.ts')} (the mark letters, seating a class, reading and writing a seat, the padding), ` +
      `its half without SQL ${link('worker/db/packing.ts')} (the demo seed, the bench); the old one-row tables ` +
      `are the read-only views of ${link('worker/db/unpacked.ts')}.`,
    '- **Where a request finds its database**: ' +
      `${link('worker/lib/host.ts')} (the Host -> the school -> its database, \`c.var.db\`, below \`worker/auth/\`), ` +
      `its SQL in ${link('worker/db/instances.ts')} and ${link('worker/db/databases.ts')}.`,
    '- **Where the service worker decides to queue a write**: ' +
      `${link('web/sw/queueing.ts')} (\`queuedOffline\`), from each endpoint's \`offline\` on the contract ` +
      `through \`notQueued\` in ${link('web/api/endpoints.ts')}, and the one header of ${link('web/sw/protocol.ts')} ` +
      '(decision 351). Every other write is queued offline. Never queued:',
    '',
    '| Endpoint | Method and path | Offline |',
    '|---|---|---|',
    ...notQueued.map((e) => `| ${code(`endpoints.${e.name}`)} | ${code(`${e.method} /api${e.path}`)} | ${e.offline} |`),
    '',
  ];
}

export function specMap(inputs: MapInputs): string {
  const endpoints = endpointsOf(inputs);
  const addresses = addressesOf(inputs);
  const addressOf = (path: string) => {
    const found = addresses.find((a) => shape(a.path) === shape(path));
    if (!found) throw new Error(`web/routes.tsx n'a pas l'adresse ${path}`);
    return found;
  };
  /** An entry of SCREENS: its address (if any), its module's file, and the files it loads. */
  const entry = (at: string) => {
    const address = at.startsWith('/') ? addressOf(at) : null;
    const file = fileOf(inputs, address ? address.module : at);
    return { address, file, graph: graphOf(inputs, file) };
  };
  const callsOfAddress = new Map(
    addresses.map((a) => [a.path, callsIn(inputs, endpoints, graphOf(inputs, fileOf(inputs, a.module)))]),
  );
  const shared = Object.keys(inputs.web)
    .filter((f) => !/^web\/(screens|components|layouts)\//.test(f) && f !== 'web/api/endpoints.ts')
    .sort();
  const sharedCalls = callsIn(inputs, endpoints, shared);

  const out: string[] = [
    '<!-- GENERATED by `npm run openapi` (scripts/spec-map.ts); do not edit. -->',
    '',
    "# Map: the spec's screens and calls in the code",
    '',
    'Where each screen and each API call of the spec (document 1 is `platform-and-administration.md`,',
    'document 2 is `academics-and-finance.md`) lives in the code. The',
    "spec's names are copied as it writes them. A screen's address is in `web/routes.tsx`, its module under",
    '`web/`; its calls are the `endpoints.<area>.<name>` (`web/api/endpoints.ts`) named in the files the module',
    'loads (its relative imports into `web/screens`, `web/components` and `web/layouts`, static or lazy; a file',
    'holding two screens counts for both). Each endpoint is served by one route file `worker/routes/<x>.ts` and',
    'declared in one contract file `worker/contract/<x>.ts`. The working data, the service worker and the',
    "shell's reads are listed apart ([Shared reads](#shared-reads)). How the parts fit: [architecture.md](architecture.md).",
    '',
    '**Contents:** [Document 1 routes](#document-1-route-table) · [Document 2 routes](#document-2-routes) ·',
    '[Screens](#screens) · [Administration tabs](#administration-panel-tabs) · [API calls](#api-calls) ·',
    '[Other addresses](#addresses-beyond-the-spec) · [Shared reads](#shared-reads) · [Where it happens](#where-it-happens)',
    '',
  ];

  const routeTable = (title: string, table: string, purpose: number) => {
    out.push(`## ${title}`, '', '| Route | Purpose | Address in `web/routes.tsx` | Module |', '|---|---|---|---|');
    for (const row of rows(table)) {
      const paths = row[0]!.replace(/\s*\(.*\)$/, '').split(/,\s*/);
      for (const [i, path] of paths.entries()) {
        const address = addressOf(path);
        out.push(
          `| ${i === 0 ? row[0] : '〃'} | ${i === 0 ? row[purpose] : '〃'} | ${code(address.path)} | ${link(fileOf(inputs, address.module))} |`,
        );
      }
    }
    out.push('');
  };
  routeTable('Document 1 route table', ROUTES_1, 1);
  routeTable('Document 2 routes', ROUTES_2, 1);

  out.push('## Screens', '', "Each screen section of the documents' §2, its heading as written.", '');
  for (const screen of SCREENS) {
    out.push(`### ${screen.heading}`, '', `Document ${screen.document} §2.`, '');
    const entries = screen.at.map(entry);
    for (const e of entries) out.push(`- ${e.address ? `${code(e.address.path)} → ` : ''}${link(e.file)}`);
    out.push(
      '',
      ...callTable(endpoints, callsIn(inputs, endpoints, [...new Set(entries.flatMap((e) => e.graph))])),
      '',
    );
  }

  const admin = inputs.web['web/screens/admin/AdminPage.tsx']!;
  const tabModule = new Map(
    [...admin.matchAll(/^ {2}(\w+): lazyPart\(\(\) => import\('\.\/([^']+)'\)/gm)].map((m) => [
      m[1]!,
      `screens/admin/${m[2]}`,
    ]),
  );
  const tabLink = new Map(
    [...admin.matchAll(/\{ kind: 'link', key: '(\w+)', to: '([^']+)'/g)].map((m) => [m[1]!, m[2]!]),
  );
  out.push(
    '## Administration panel tabs',
    '',
    "Document 1 §2 'Administration panel (/admin)', its tab table; each tab's module is in",
    "`web/screens/admin/AdminPage.tsx`'s table.",
    '',
  );
  for (const [tab, content] of rows(ADMIN_TABS)) {
    const module = tabModule.get(tab!);
    if (!module) {
      const to = tabLink.get(tab!);
      if (!to) throw new Error(`AdminPage.tsx n'a pas l'onglet ${tab}`);
      out.push(
        `### ${tab}: ${content}`,
        '',
        `A link to ${code(addressOf(to).path)} ([User list](#user-list-adminusers)).`,
        '',
      );
      continue;
    }
    const file = fileOf(inputs, module);
    out.push(
      `### ${tab}: ${content}`,
      '',
      `- ${link(file)}`,
      '',
      ...callTable(endpoints, callsIn(inputs, endpoints, graphOf(inputs, file))),
      '',
    );
  }

  // Every endpoint, by the spec's call: 'GET /api/academic-periods' -> the endpoint of that method and shape.
  const byCall = new Map<string, Endpoint>();
  for (const e of endpoints.values()) byCall.set(`${e.method} ${shape(`/api${e.path}`)}`, e);
  const layouts = [...inputs.web['web/routes.tsx']!.matchAll(/= screen\('(layouts\/\w+)'\)/g)].map((m) =>
    fileOf(inputs, m[1]!),
  );
  const callsOfLayout = new Map(layouts.map((file) => [file, callsIn(inputs, endpoints, graphOf(inputs, file))]));
  const whereCalled = (name: string) => {
    const at = [...callsOfAddress, ...callsOfLayout].filter(([, calls]) => calls.has(name)).map(([path]) => code(path));
    const apart = sharedCalls.get(name)?.map(code) ?? [];
    return [...at, ...apart].join(', ') || '—';
  };
  out.push(
    '## API calls',
    '',
    "Each call of the spec's API tables (document 1 §7 'The calls it makes', document 2 §7 'The calls'), as",
    'test/worker/spec-calls.test.ts reads them, with its endpoint, route file, and the addresses (or layouts,',
    'or shared files) whose code calls it; — : the server answers the call as the spec writes it, the app',
    'itself does not make it (for example the grade book saves scores by `POST /api/grades/batch`).',
    '',
  );
  for (const document of [1, 2] as const) {
    out.push(
      `### Document ${document}`,
      '',
      '| Call | Endpoint | Route file | Contract | Called at |',
      '|---|---|---|---|---|',
    );
    const seen = new Set<string>();
    for (const call of CALLS.filter((c: SpecCall) => c.document === document)) {
      const label = call.query.includes('preview') ? `${call.key}?preview=true` : call.key;
      if (seen.has(label)) continue;
      seen.add(label);
      if (call.path.startsWith('/docs/')) {
        out.push(
          `| ${code(label)} | — | static file of the build, from ${link('docs/guides')} | — | ${code('/docs')}, ${code('/student/docs')} |`,
        );
        continue;
      }
      const e = byCall.get(`${call.method} ${shape(call.path)}`);
      if (!e) throw new Error(`${label} : aucun endpoint de web/api/endpoints.ts`);
      out.push(
        `| ${code(label)} | ${code(`endpoints.${e.name}`)} | ${code(e.route)} | ${code(e.contract)} | ${whereCalled(e.name)} |`,
      );
    }
    out.push('');
  }

  const named = new Set(
    [ROUTES_1, ROUTES_2].flatMap((t) =>
      rows(t).flatMap((r) =>
        r[0]!
          .replace(/\s*\(.*\)$/, '')
          .split(/,\s*/)
          .map(shape),
      ),
    ),
  );
  out.push('## Addresses beyond the spec', '', 'Addresses of `web/routes.tsx` that neither route table names.', '');
  for (const address of addresses.filter((a) => !named.has(shape(a.path)))) {
    const file = fileOf(inputs, address.module);
    out.push(
      `### ${code(address.path)}`,
      '',
      `- ${link(file)}`,
      '',
      ...callTable(endpoints, callsOfAddress.get(address.path)!),
      '',
    );
  }

  out.push(
    '## Shared reads',
    '',
    'Calls made outside the screens and layouts: the working data kept for offline use, the maintenance',
    'gate, the stored reads.',
    '',
    ...callTable(endpoints, sharedCalls),
    '',
    ...placesSection(inputs, endpoints),
  );
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

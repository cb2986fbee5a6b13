// The two API tables of the spec (document 1 §7 'The calls it makes', document 2 §7 'The calls'),
// their rows exactly as the spec has them, and what each row says: the calls, their query
// parameters and body fields. test/worker/spec-calls.test.ts makes every call as written;
// scripts/spec-map.ts places each one in the code (docs/map.md).

/** Document 1 §7, the rows of its table as written. */
export const DOCUMENT_1 = `
| POST | /api/login | {username, password} | accessToken |
| GET | /instance/default | - | public school name; also called at startup, result ignored |
| GET | /instance/current | - | school info |
| PUT | /instance/current | school info object | - |
| PUT | /student/force-change-password | {newPassword} (for students) | accessToken |
| PUT | /user/force-change-password | {newPassword} (other roles) | accessToken |
| GET | /school-years | - | list |
| POST | /school-years | {name} | - |
| PUT | /school-years/{id}/set-current | - | - |
| DELETE | /school-years/{id} | - | - |
| POST | /setup/new-year | {yearName, periods, classes, subjects, curriculum, financials} | - |
| GET | /academic-periods?yearId | - | list |
| POST | /academic-periods | {name, year_id} | - |
| PUT | /academic-periods/{id} | {name, year_id} | - |
| DELETE | /academic-periods/{id} | - | - |
| GET | /classes | - | list |
| POST | /classes | {name} | - |
| PUT, DELETE | /classes/{id} | {name} for PUT | - |
| GET, POST | /subjects | {name} for POST | list |
| PUT, DELETE | /subjects/{id} | {name} for PUT | - |
| GET | /curriculum?yearId&className | - | assigned and available lists |
| POST | /curriculum/assign | {yearId, className, subjectId} | - |
| POST | /curriculum/unassign | {yearId, className, subjectId} | - |
| PUT | /curriculum/max-grade/{id} | {max_grade} | - |
| GET | /class-financials?yearId | - | list of class_name, mppa |
| PUT | /class-financials | {yearId, financials: list of {class_name, mppa}} | - |
| GET | /roles | - | roles with permissions |
| GET | /permissions | - | list |
| POST | /roles | {name, permissionIds} | - |
| PUT, DELETE | /roles/{id} | {name, permissionIds} for PUT | - |
| GET | /users | - | list |
| POST | /register | {username, password, roleIds} | message |
| DELETE | /delete-user/{id} | - | - |
| PUT | /users/{id}/reset-password | - | username, tempPassword |
| PUT | /users/{id}/roles | {roleIds} | - |
| GET | /admin/announcements | - | latest announcement |
| GET | /teachers | - | list |
| GET, POST, DELETE | /admin/teacher-announcements | POST {content, teacher_ids}; DELETE {announcementIds} | list |
| GET, POST, DELETE | /admin/student-announcements | POST {content, target_class_names}; DELETE {announcementIds} | list |
| GET | /admin/teacher-support/conversations | - | list |
| GET, POST | /admin/teacher-support/messages/{teacherId} | POST {content} | list |
| DELETE | /admin/teacher-support/messages | {messageIds} | - |
| GET | /docs/standard.md, /docs/{role}.md | - | static text guide |
`;

/** Document 2 §7, the rows of its table as written. */
export const DOCUMENT_2 = `
| GET /enrollments?className&yearId | none | list of enrollments (class roster) |
| GET /enrollments/all?page&limit=25&selectedClasses(comma list)&balanceFilter(all/zero/nonzero)&mppaFilter&searchTerm&yearId | none | {enrollments, pagination{page,totalPages,total}} |
| PUT /enrollments/{id}/payments | {payments, adjustments} | may be queued |
| PUT /enrollments/{id}/toggle-grades-access | {enabled} | |
| PUT /classes/{className}/toggle-grades-access | {yearId, enabled} | |
| GET /instance/current | none | school info |
| GET /students-with-enrollment-status?yearId&page&limit&includeArchived&classFilter | none | students, pagination |
| POST /students | {id, nom, prenom, sexe, date_of_birth, address, photo_url, tutor_name, tutor_phone, tutor_email, medical_notes, nisu, optional enrollment{year_id, className, mppa}} | may be queued |
| PUT /students/{id} | same fields plus mppa, enrollmentId | may be queued |
| POST /students/delete | {ids} | |
| POST /students/status | {ids, status} | |
| POST /enrollments | {student_id, year_id, className, mppa} | |
| POST /enrollments/bulk | {student_ids, year_id, className} | |
| POST /enrollments/bulk-change-class | {enrollmentIds, targetClassName} | |
| GET /student/access-status?yearId | none | grades_access_enabled |
| GET /academic-periods?yearId | none | periods |
| GET /curriculum?yearId&className | none | assigned subject list |
| GET /teacher/subject-details?yearId&className&subjectId&periodId | none | {gradesByEnrollment, appreciationsByEnrollment, maxGrade} |
| POST /grades | {enrollment_id, subject_id, period_id, evaluation_name, score, max_score} | |
| PUT /grades/{id} | {score} or {evaluation_name, max_score} | |
| DELETE /grades/{id} | none | |
| POST /appreciations | {enrollment_id, subject_id, period_id, text} | debounced |
| POST /general-appreciations | {enrollment_id, period_id, text} | debounced 1 s |
| GET /bulk-report-data?yearId&className&periodId | none | report data |
| GET /teacher/timetable?yearId | none | timetable entries |
| GET /teacher/announcements | none | announcements |
| GET, POST /teacher/support-messages | POST {content} | polled every 5 s |
| GET /teacher/dashboard?yearId | none | courses |
| GET /daily-attendance-report?yearId&className&startDate&endDate | none | daily report |
| POST /daily-attendance-override | {student_id, date, status or null, yearId} | |
| GET /attendance-report?yearId&className&startDate&endDate | none | detailed report |
| PUT /user/change-password | {currentPassword, newPassword} | {message} or queued |
| GET /users | none | user list for audit filter |
| GET /admin/audit-logs, GET /superadmin/audit-logs | query page, userId (admin only), searchTerm, startDate, endDate | {logs, pagination} |
| DELETE /superadmin/audit-logs/delete-by-date | {startDate, endDate} | {message} |
| DELETE /superadmin/audit-logs/delete-bulk | {ids} | {message} |
| POST /promotions?preview=true | {sourceYearId, promotionMap} | per class {admitted, failed, target} |
| POST /promotions | {sourceYearId, promotionMap} | {message} |
| GET /resources/{id} | none | one resource (content for preview) |
| GET /admin/resources?yearId | none | resources |
| GET /full-assignments?yearId | none | assignments |
| POST /resources | {assignment_id, resource_type, title, file_name, mime_type, file_content (base64) or url} | may be queued |
| PUT /resources/{id} | same shape | may be queued |
| DELETE /resources/{id} | none | may be queued |
| GET /roles, GET /permissions | none | lists |
`;

/** The fields a payload names, and which of them may be left out. */
export interface Fields {
  names: Set<string>;
  optional: Set<string>;
}

export interface SpecCall {
  /** The spec's document whose table has the row. */
  document: 1 | 2;
  /** 'METHOD /api/path/{param}' (the documents' paths under /api, login's and the guides' as they are). */
  key: string;
  method: string;
  path: string;
  query: string[];
  /** The body's fields for this method: null without a body, 'any' when the row names none. */
  body: Fields[] | null | 'any';
  answer: string;
  row: string;
}

/** Splits at commas outside braces and parentheses. */
function topLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '{' || ch === '(') depth++;
    else if (ch === '}' || ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** '{a, optional b{…}, c (x) or d, e or null}' -> the fields. */
function fieldsOf(braces: string): Fields {
  const inner = braces.trim().replace(/^\{/, '').replace(/\}$/, '');
  const names = new Set<string>();
  const optional = new Set<string>();
  for (let item of topLevel(inner)) {
    item = item.replace(/\s*\([^)]*\)/g, '').trim();
    const isOptional = item.startsWith('optional ');
    if (isOptional) item = item.slice('optional '.length);
    const either = /^(\w+) or (\w+)$/.exec(item);
    if (either && either[2] !== 'null') {
      names.add(either[1]!).add(either[2]!);
      optional.add(either[1]!).add(either[2]!);
      continue;
    }
    const name = /^\w+/.exec(item)![0];
    names.add(name);
    if (isOptional) optional.add(name);
  }
  return { names, optional };
}

/** What a payload cell says the body of `method` holds. */
function bodyOf_(payload: string, method: string, previous: Fields[] | null | 'any'): Fields[] | null | 'any' {
  const cell = payload.trim();
  if (cell === '-' || cell === 'none' || cell === '' || cell.startsWith('query ')) return null;
  // 'POST {content, teacher_ids}; DELETE {announcementIds}'
  const perMethod = [...cell.matchAll(/(GET|POST|PUT|DELETE) (\{[^;]*\})/g)];
  if (perMethod.length) {
    const mine = perMethod.find((m) => m[1] === method);
    return mine ? [fieldsOf(mine[2]!)] : null;
  }
  // '{name} for PUT'
  const forMethod = /^(\{.*\}) for (GET|POST|PUT|DELETE)$/.exec(cell);
  if (forMethod) return forMethod[2] === method ? [fieldsOf(forMethod[1]!)] : null;
  if (method === 'GET' || method === 'DELETE') return cell.startsWith('{') ? [fieldsOf(cell)] : null;
  // 'same fields plus mppa, enrollmentId', 'same shape': the row above's, and more.
  const plus = /^same fields plus (.+)$/.exec(cell);
  if (plus && Array.isArray(previous))
    return previous.map((f) => ({
      names: new Set([...f.names, ...plus[1]!.split(',').map((s) => s.trim())]),
      optional: f.optional,
    }));
  if (cell === 'same shape') return previous;
  if (!cell.startsWith('{')) return 'any';
  // '{score} or {evaluation_name, max_score}'; '{newPassword} (for students)'
  return cell
    .replace(/\s*\([^{}]*\)$/, '')
    .split(/\}\s+or\s+\{/)
    .map((alt, i, all) => fieldsOf(`${i > 0 ? '{' : ''}${alt}${i < all.length - 1 ? '}' : ''}`));
}

export function parseTable(text: string, document: 1 | 2): SpecCall[] {
  const calls: SpecCall[] = [];
  let previous: Fields[] | null | 'any' = null;
  for (const row of text.trim().split('\n')) {
    const cells = row
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    const [target, payload, answer] =
      document === 1 ? [`${cells[0]} ${cells[1]}`, cells[2]!, cells[3]!] : [cells[0]!, cells[1]!, cells[2]!];
    // 'GET, POST /subjects', 'PUT, DELETE /classes/{id}', 'GET /a, GET /b', 'GET /docs/a.md, /docs/{role}.md'
    const pairs: [string[], string][] = [];
    let methods: string[] = [];
    for (const token of target.split(/,\s*/)) {
      const m = /^(GET|POST|PUT|DELETE)(?:\s+(.+))?$/.exec(token);
      if (m) {
        methods.push(m[1]!);
        if (m[2]) {
          pairs.push([methods, m[2]]);
          methods = [];
        }
      } else pairs.push([pairs.at(-1)?.[0] ?? methods, token]);
    }
    let rowBody: Fields[] | null | 'any' = previous;
    for (const [ms, full] of pairs) {
      const [rawPath, rawQuery] = full.split('?') as [string, string | undefined];
      const path = rawPath.startsWith('/api/') || rawPath.startsWith('/docs/') ? rawPath : `/api${rawPath}`;
      const fromPath = rawQuery ? rawQuery.split('&') : [];
      const fromPayload = payload.startsWith('query ') ? topLevel(payload.slice('query '.length)) : [];
      const query = [...fromPath, ...fromPayload].map((q) => q.replace(/\(.*$/, '').replace(/=.*$/, '').trim());
      for (const method of ms) {
        const body = bodyOf_(payload, method, previous);
        if (method !== 'GET' && method !== 'DELETE') rowBody = body;
        calls.push({ document, key: `${method} ${path}`, method, path, query, body, answer, row });
      }
    }
    previous = rowBody;
  }
  return calls;
}

export const CALLS = [...parseTable(DOCUMENT_1, 1), ...parseTable(DOCUMENT_2, 2)];

// Resources (issue 16): upload rules (decoded size, type from the bytes, no active content), who
// reads and writes (the administration, the course's teacher, a student of the class that year),
// another school's ids, the R2 object following its record, and the audit of every write.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Resource, SavedResource, TeacherResources } from '../../worker/contract/resources';
import { RESOURCE_MAX_BYTES } from '../../worker/domain/resources';
import { seedStudents } from './fixtures-academic';
import { schoolWithCourses } from './fixtures-teaching';
import { bodyOf, call, createSchool, placeSchool, sql, tokenFor } from './helpers';
import { DEMO_PASSWORD } from '../../scripts/demo-accounts';
import { DEMO_RESOURCES, seedDemoResources } from '../../scripts/demo/resources';
import { AURORE_DEMO, COLLEGE_DEMO, demoSchoolStatements } from '../../scripts/demo/school';

const b64 = (text: string | Uint8Array) =>
  btoa(String.fromCharCode(...(typeof text === 'string' ? new TextEncoder().encode(text) : text)));
const PDF = b64('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function resourceSchool(shard?: string) {
  const base = await schoolWithCourses({ shard });
  const { school, yearId, classIds } = base;
  const { studentIds } = await seedStudents(school.id, { yearId, classIds }, [
    { nom: 'Augustin', prenom: 'Rose', className: '7e AF' },
    { nom: 'Dorval', prenom: 'Marc', className: '8e AF' },
  ]);
  await school.db.batch([
    sql(
      school,
      "UPDATE users SET student_id = ? WHERE instance_id = ? AND username = 'eleve'",
      studentIds[0],
      school.id,
    ),
  ]);
  const course = (id: string) => `${id}-${school.id}`;
  return {
    ...base,
    course,
    marc: studentIds[1]!,
    admin: await tokenFor(school, 'admin'),
    prof: await tokenFor(school, 'prof'),
    eleve: await tokenFor(school, 'eleve'),
    secretaire: await tokenFor(school, 'secretaire'),
  };
}

type Ctx = Awaited<ReturnType<typeof resourceSchool>>;

const upload = (ctx: Ctx, token: string, body: Record<string, unknown>) =>
  call(ctx.school, token, 'POST', '/api/resources', {
    assignment_id: ctx.course('a-maths7'),
    resource_type: 'file',
    title: 'Exercices',
    file_name: 'exercices.pdf',
    mime_type: 'application/pdf',
    file_content: PDF,
    ...body,
  });

const keysOf = async (schoolId: string) =>
  (await env.FILES.list({ prefix: `instances/${schoolId}/resources/` })).objects.map((o) => o.key);

describe('resources', () => {
  it('a teacher uploads a PDF to their course; a student of the class reads it with safe headers; the audit records it', async () => {
    const ctx = await resourceSchool();
    const res = await upload(ctx, ctx.prof, { mime_type: 'text/html' });
    expect(res.status).toBe(201);
    const { resource, message } = await bodyOf<SavedResource>(res);
    expect(message).toBe('Ressource ajoutée.');
    // The type comes from the bytes, not from the client.
    expect(resource).toMatchObject({
      resource_type: 'file',
      mime_type: 'application/pdf',
      class_name: '7e AF',
      subject_name: 'Mathématiques',
      teacher_nom: 'Baptiste',
      file_url: `/api/resources/${resource.id}/file`,
    });
    const keys = await keysOf(ctx.school.id);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^instances/${ctx.school.id}/resources/${resource.id}/`));

    const list = await bodyOf<Resource[]>(await call(ctx.school, ctx.eleve, 'GET', '/api/student/resources'));
    expect(list.map((r) => r.title)).toEqual(['Exercices']);
    const file = await call(ctx.school, ctx.eleve, 'GET', resource.file_url!);
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Type')).toBe('application/pdf');
    expect(file.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(file.headers.get('Content-Disposition')).toMatch(/^attachment; filename="exercices.pdf"/);
    expect(file.headers.get('Content-Security-Policy')).toContain('sandbox');
    expect(file.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    expect(new TextDecoder().decode(await file.arrayBuffer())).toMatch(/^%PDF-1.4/);

    const audit = await ctx.school.db
      .prepare('SELECT action_type FROM audit_log WHERE instance_id = ? AND action_type LIKE ?')
      .bind(ctx.school.id, '%RESOURCE')
      .all();
    expect(audit.results.map((r) => r.action_type)).toEqual(['CREATE_RESOURCE']);
  });

  it('refuses files over the size limit, of an unknown or active type, links that are not http(s), and missing files', async () => {
    const ctx = await resourceSchool();
    const tooBig = new Uint8Array(RESOURCE_MAX_BYTES + 1);
    tooBig.set([0x25, 0x50, 0x44, 0x46, 0x2d]);
    let big = '';
    for (let i = 0; i < tooBig.length; i += 0x8000) big += String.fromCharCode(...tooBig.subarray(i, i + 0x8000));
    const refused = [
      [{ file_content: btoa(big) }, 413],
      [
        {
          file_content: b64('<!DOCTYPE html><html><script>alert(1)</script></html>'),
          file_name: 'cours.txt',
          mime_type: 'text/plain',
        },
        415,
      ],
      [
        {
          file_content: b64('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          file_name: 'image.png',
        },
        415,
      ],
      [{ file_content: b64('Bonjour <script>alert(1)</script>'), file_name: 'notes.txt' }, 415],
      [{ file_content: b64('alert(document.cookie)'), file_name: 'cours.js' }, 415],
      [{ file_content: b64(new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00])), file_name: 'setup.pdf' }, 415],
      [{ file_content: 'pas du base64 !' }, 400],
      [{ file_content: null }, 400],
      [{ resource_type: 'link', url: 'javascript:alert(1)', file_content: null }, 400],
      [{ resource_type: 'link', url: 'data:text/html,<b>x</b>', file_content: null }, 400],
    ] as const;
    for (const [body, status] of refused) {
      const res = await upload(ctx, ctx.prof, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
    }
    expect(await keysOf(ctx.school.id)).toEqual([]);
    const count = await ctx.school.db
      .prepare('SELECT count(*) AS n FROM resources WHERE instance_id = ?')
      .bind(ctx.school.id)
      .first<{ n: number }>();
    expect(count?.n).toBe(0);
    // Accepted: plain text, a PNG, an https link.
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const accepted = [
      [{ file_content: b64('Leçon 1 : les fractions.\n'), file_name: 'lecon.txt' }, 'text/plain'],
      [{ file_content: b64(png), file_name: 'schema.png' }, 'image/png'],
      [{ resource_type: 'link', url: 'https://fr.wikipedia.org/wiki/Fraction', file_content: null }, null],
    ] as const;
    for (const [body, mime] of accepted) {
      const res = await upload(ctx, ctx.prof, body);
      expect(res.status).toBe(201);
      expect((await bodyOf<SavedResource>(res)).resource.mime_type).toBe(mime);
    }
    const image = (
      await bodyOf<Resource[]>(await call(ctx.school, ctx.admin, 'GET', `/api/admin/resources?yearId=${ctx.yearId}`))
    ).find((r) => r.mime_type === 'image/png')!;
    const served = await call(ctx.school, ctx.admin, 'GET', image.file_url!);
    expect(served.headers.get('Content-Disposition')).toMatch(/^inline;/);
  });

  it("takes a fresh id when the client's is another school's (no 409 revealing it); the same resource sent again lands once", async () => {
    const ctx = await resourceSchool();
    // In the same database: an id is unique within a database (decisions 001, 251).
    const other = await resourceSchool(ctx.school.shard);
    const theirs = await bodyOf<SavedResource>(await upload(other, other.prof, { title: 'Chez B' }));
    const taken = await upload(ctx, ctx.prof, { id: theirs.resource.id, title: 'Chez A' });
    expect(taken.status).toBe(201);
    const ours = await bodyOf<SavedResource>(taken);
    expect(ours.resource.id).not.toBe(theirs.resource.id);
    expect(ours.resource.title).toBe('Chez A');
    expect((await keysOf(ctx.school.id)).every((k) => k.includes(`/resources/${ours.resource.id}/`))).toBe(true);
    const still = await call(other.school, other.prof, 'GET', `/api/resources/${theirs.resource.id}`);
    expect((await bodyOf<Resource>(still)).title).toBe('Chez B');
    // Sent again under its own id (a new Idempotency-Key): the stored one is answered, nothing added.
    const again = await upload(ctx, ctx.prof, { id: ours.resource.id, title: 'Chez A' });
    expect(again.status).toBe(200);
    expect((await bodyOf<SavedResource>(again)).resource).toEqual(ours.resource);
    expect(await keysOf(ctx.school.id)).toHaveLength(1);
    const audit = await sql(
      ctx.school,
      "SELECT count(*) AS n FROM audit_log WHERE instance_id = ? AND action_type = 'CREATE_RESOURCE'",
      ctx.school.id,
    ).first<{ n: number }>();
    expect(audit!.n).toBe(1);
  });

  it("a teacher manages only their own courses'; a student of another class, another school and staff without the permission are refused", async () => {
    const ctx = await resourceSchool();
    // Sciences 7e AF is Marie Étienne's course.
    expect((await upload(ctx, ctx.prof, { assignment_id: ctx.course('a-sc7') })).status).toBe(404);
    expect((await upload(ctx, ctx.eleve, {})).status).toBe(403);
    expect((await upload(ctx, ctx.secretaire, {})).status).toBe(403);
    const byAdmin = await bodyOf<SavedResource>(
      await upload(ctx, ctx.admin, { assignment_id: ctx.course('a-sc7'), title: 'Sciences' }),
    );
    const own = await bodyOf<SavedResource>(await upload(ctx, ctx.prof, {}));

    const mine = await bodyOf<TeacherResources>(
      await call(ctx.school, ctx.prof, 'GET', `/api/teacher/resources?yearId=${ctx.yearId}`),
    );
    expect(mine.resources.map((r) => r.id)).toEqual([own.resource.id]);
    expect(mine.assignments.map((a) => `${a.class_name} ${a.subject_name}`)).toEqual([
      '7e AF Français',
      '7e AF Mathématiques',
      '8e AF Mathématiques',
    ]);
    for (const [method, path, body] of [
      ['GET', `/api/resources/${byAdmin.resource.id}`, undefined],
      [
        'PUT',
        `/api/resources/${byAdmin.resource.id}`,
        { assignment_id: ctx.course('a-sc7'), resource_type: 'file', title: 'Pris' },
      ],
      ['DELETE', `/api/resources/${byAdmin.resource.id}`, undefined],
    ] as const) {
      expect((await call(ctx.school, ctx.prof, method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    expect((await call(ctx.school, ctx.secretaire, 'GET', `/api/admin/resources?yearId=${ctx.yearId}`)).status).toBe(
      403,
    );

    // The student of 7e AF reads both; moved to 8e AF's student, nothing.
    expect((await call(ctx.school, ctx.eleve, 'GET', own.resource.file_url!)).status).toBe(200);
    await ctx.school.db.batch([
      sql(
        ctx.school,
        "UPDATE users SET student_id = ? WHERE instance_id = ? AND username = 'eleve'",
        ctx.marc,
        ctx.school.id,
      ),
    ]);
    expect(await bodyOf<Resource[]>(await call(ctx.school, ctx.eleve, 'GET', '/api/student/resources'))).toEqual([]);
    expect((await call(ctx.school, ctx.eleve, 'GET', own.resource.file_url!)).status).toBe(404);
    expect((await call(ctx.school, ctx.eleve, 'GET', `/api/resources/${own.resource.id}`)).status).toBe(404);

    // Another school's admin: every id answers 404, and its own course ids are unknown here.
    const other = await createSchool();
    const otherAdmin = await tokenFor(other, 'admin');
    for (const [method, path] of [
      ['GET', `/api/resources/${own.resource.id}`],
      ['GET', own.resource.file_url!],
      ['DELETE', `/api/resources/${own.resource.id}`],
    ] as const) {
      expect((await call(other, otherAdmin, method, path)).status, `${method} ${path}`).toBe(404);
    }
    expect(
      (
        await call(other, otherAdmin, 'POST', '/api/resources', {
          assignment_id: ctx.course('a-maths7'),
          resource_type: 'link',
          title: 'X',
          url: 'https://a.b',
        })
      ).status,
    ).toBe(404);
    expect(await keysOf(ctx.school.id)).toHaveLength(2);
  });

  it('edit keeps course and type, a blank file keeps the current one, a new file replaces it; delete removes the object', async () => {
    const ctx = await resourceSchool();
    const { resource } = await bodyOf<SavedResource>(await upload(ctx, ctx.prof, {}));
    const [firstKey] = await keysOf(ctx.school.id);
    const put = (body: Record<string, unknown>) =>
      call(ctx.school, ctx.prof, 'PUT', `/api/resources/${resource.id}`, {
        assignment_id: resource.assignment_id,
        resource_type: 'file',
        title: 'Exercices corrigés',
        file_content: null,
        ...body,
      });
    expect((await put({ assignment_id: ctx.course('a-fr7') })).status).toBe(400);
    expect((await put({ resource_type: 'link', url: 'https://a.b' })).status).toBe(400);
    const renamed = await bodyOf<SavedResource>(await put({}));
    expect(renamed).toMatchObject({
      message: 'Ressource mise à jour.',
      resource: { title: 'Exercices corrigés', file_name: 'exercices.pdf', mime_type: 'application/pdf' },
    });
    expect(await keysOf(ctx.school.id)).toEqual([firstKey]);
    const replaced = await bodyOf<SavedResource>(
      await put({ file_content: b64('Corrigé.\n'), file_name: 'corrige.txt' }),
    );
    expect(replaced.resource).toMatchObject({ file_name: 'corrige.txt', mime_type: 'text/plain' });
    const keys = await keysOf(ctx.school.id);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toBe(firstKey);
    expect(await (await call(ctx.school, ctx.eleve, 'GET', resource.file_url!)).text()).toBe('Corrigé.\n');

    const removed = await call(ctx.school, ctx.prof, 'DELETE', `/api/resources/${resource.id}`);
    expect(await bodyOf(removed)).toEqual({ message: 'Ressource supprimée.' });
    expect(await keysOf(ctx.school.id)).toEqual([]);
    expect((await call(ctx.school, ctx.eleve, 'GET', resource.file_url!)).status).toBe(404);
    const audit = await ctx.school.db
      .prepare("SELECT action_type FROM audit_log WHERE instance_id = ? AND action_type LIKE '%RESOURCE' ORDER BY id")
      .bind(ctx.school.id)
      .all();
    expect(audit.results.map((r) => r.action_type)).toEqual([
      'CREATE_RESOURCE',
      'UPDATE_RESOURCE',
      'UPDATE_RESOURCE',
      'DELETE_RESOURCE',
    ]);
  });

  it.each([COLLEGE_DEMO, AURORE_DEMO])(
    "the demo gives the demo pupil's class a PDF and a link of the demo teacher's course, once ($school.name)",
    async (demo) => {
      const id = crypto.randomUUID();
      const hostname = `${id.slice(0, 8)}.ecole.test`;
      const school = await placeSchool({ id, name: demo.school.name, hostname }, async (db) =>
        demoSchoolStatements(db, { ...demo, school: { ...demo.school, id, hostname, isDefault: false } }),
      );
      const demoCall = async (method: string, path: string, token: string | null, body?: unknown) => {
        const res = await call(school, token, method, path, body);
        return { status: res.status, json: await res.json().catch(() => null) };
      };
      expect(await seedDemoResources(demoCall, DEMO_PASSWORD)).toBe(2);
      expect(await seedDemoResources(demoCall, DEMO_PASSWORD)).toBe(-1);
      const eleve = await tokenFor(school, 'eleve', DEMO_PASSWORD);
      const list = await bodyOf<Resource[]>(await call(school, eleve, 'GET', '/api/student/resources'));
      expect(list.map((r) => [r.title, r.mime_type]).sort()).toEqual(
        [
          [DEMO_RESOURCES.link.title, null],
          [DEMO_RESOURCES.pdf.title, 'application/pdf'],
        ].sort(),
      );
      const pdf = list.find((r) => r.mime_type)!;
      const file = await call(school, eleve, 'GET', pdf.file_url!);
      expect(new TextDecoder().decode(await file.arrayBuffer())).toMatch(/^%PDF-1\.4[\s\S]*%%EOF\n$/);
    },
  );
});

// Families (issue 43, decision 360): the routes of contract/guardians.ts. A guardian's account and
// profile live in the directory (one account for children in every school and database); each link
// to a child lives in the child's school database, made, given a new code or ended by that school's
// staff holding guardian:manage (never by the parent: a link to a child of another school is that
// school's staff's to make). A staff write touches both: the directory's part first (the account,
// and the note that this school holds links), then the school's commit (the link and the log row);
// a new account whose school part is refused is removed again.
import type { BatchItem } from 'drizzle-orm/batch';
import { Hono } from 'hono';
import { allow } from '../auth/access';
import { generateTemporaryPassword, hashPassword } from '../auth/password';
import {
  guardiansApi as api,
  type GuardianChild,
  type GuardianLink,
  type GuardianSlip,
  type PupilGuardians,
  type SchoolGuardianRow,
} from '../contract/guardians';
import { serverText } from '../contract/texts/server';
import { guardiansServerText as t } from '../contract/texts/guardians';
import type { Db } from '../db/client';
import { schoolDatabase } from '../db/databases';
import * as guardians from '../db/guardians';
import * as platformUsers from '../db/platform-users';
import { conditionsHolding, guardStatement } from '../db/guards';
import * as students from '../db/students';
import { temporaryPasswordExpiry } from '../domain/accounts';
import { guardianPhone } from '../domain/guardians';
import { compareNames } from '../domain/text';
import type { AppBindings, SchoolContext } from '../env';
import { badRequest, conflict, found, notFound } from '../lib/errors';
import { route } from '../lib/route';
import { commit, type Guard, guardFailed } from '../lib/write';

export const guardianRoutes = new Hono<AppBindings>();

const MANAGE = 'guardian:manage';
type Statement = BatchItem<'sqlite'>;

/** The directory's part of a staff write, all or nothing with its guards. */
async function directoryWrite(directory: Db, statements: Statement[], guards: Guard[]) {
  if (!statements.length) return;
  try {
    await directory.batch([...guards.map((g) => guardStatement(directory, g.holds)), ...statements] as [
      Statement,
      ...Statement[],
    ]);
  } catch (error) {
    if (!guardFailed(error)) throw error;
    const holding = await conditionsHolding(
      directory,
      guards.map((g) => g.holds),
    );
    throw guards[holding.indexOf(false)]?.error ?? conflict(serverText.changedMeanwhile, 'changed');
  }
}

const withStatus = (
  link: Omit<GuardianLink, 'account_status'>,
  statuses: Map<string, GuardianLink['account_status']>,
): GuardianLink => ({ ...link, account_status: statuses.get(link.guardian_id) ?? 'disabled' });

route(guardianRoutes, api.ofStudent, allow.permission(MANAGE), async (c) => {
  const { db, school, directory } = c.var;
  const studentId = c.req.valid('param').id;
  const [student, links] = await Promise.all([
    students.findStudent(db, school, studentId),
    guardians.linksOfStudent(db, school, studentId),
  ]);
  if (!student) throw notFound(t.studentNotFound);
  const statuses = await guardians.statusesOf(
    directory,
    links.map((l) => l.guardian_id),
  );
  return c.json<PupilGuardians>({
    nom: student.nom,
    prenom: student.prenom,
    tutor_name: student.tutorName,
    tutor_phone: student.tutorPhone,
    links: links.map((l) => withStatus(l, statuses)),
  });
});

route(guardianRoutes, api.link, allow.permission(MANAGE), async (c) => {
  const { db, school, directory, account } = c.var;
  const studentId = c.req.valid('param').id;
  const body = c.req.valid('json');
  const phone = guardianPhone(body.phone);
  if (!phone) throw badRequest(t.phoneInvalid);
  const student = found(await students.findStudent(db, school, studentId), t.studentNotFound);
  const existing = await guardians.accountOfPhone(directory, phone);
  if (existing && existing.type !== 'guardian') throw conflict(t.phoneTaken, 'phone_taken');
  const guardianId = existing?.id ?? crypto.randomUUID();
  const code = existing ? null : generateTemporaryPassword();
  const linkRow = {
    id: crypto.randomUUID(),
    studentId,
    guardianId,
    phone,
    // An existing account keeps the name it was made with.
    name: existing?.name ?? body.name,
    createdBy: account.username,
  };
  await directoryWrite(
    directory,
    [
      ...(code
        ? guardians.insertGuardian(directory, {
            id: guardianId,
            phone,
            name: body.name,
            codeHash: await hashPassword(code),
            codeExpiresAt: temporaryPasswordExpiry(),
          })
        : []),
      guardians.noteSchool(directory, guardianId, school),
    ],
    code
      ? [{ holds: guardians.phoneFree(phone), error: conflict(serverText.changedMeanwhile, 'changed') }]
      : [
          {
            holds: guardians.guardianUnchanged(guardianId, existing!.tokenVersion),
            error: conflict(serverText.changedMeanwhile, 'changed'),
          },
        ],
  );
  const link: GuardianLink = {
    id: linkRow.id,
    guardian_id: guardianId,
    student_id: studentId,
    phone,
    name: linkRow.name,
    created_at: new Date().toISOString(),
    account_status: existing?.status ?? 'temporary_password',
  };
  try {
    return await commit(c, [guardians.insertLink(db, school, linkRow)], {
      audit: {
        action: code ? 'CREATE_GUARDIAN' : 'LINK_GUARDIAN',
        target: `${student.prenom} ${student.nom}`,
        details: { phone, name: linkRow.name },
      },
      body: { link, tempPassword: code, message: code ? t.created : t.linked } satisfies GuardianSlip,
      status: 201,
      guards: [
        { holds: guardians.studentStands(school, studentId), error: notFound(t.studentNotFound) },
        { holds: guardians.notLinked(school, studentId, guardianId), error: conflict(t.alreadyLinked, 'linked') },
      ],
    });
  } catch (error) {
    // The school refused: the account made for this link goes again (never one already in use).
    if (code) await guardians.dropUnusedGuardian(directory, guardianId).run();
    throw error;
  }
});

/** The school's link of that id, with its guardian's account (404 otherwise). */
async function linkOfSchool(c: SchoolContext, id: string) {
  const link = found(await guardians.findLink(c.var.db, c.var.school, id), t.linkNotFound);
  const guardian = found(await guardians.findGuardian(c.var.directory, link.guardian_id), t.linkNotFound);
  return { link, guardian };
}

route(guardianRoutes, api.newCode, allow.permission(MANAGE), async (c) => {
  const { school, directory } = c.var;
  const { link, guardian } = await linkOfSchool(c, c.req.valid('param').id);
  const code = generateTemporaryPassword();
  await directoryWrite(
    directory,
    [
      // platform-users' setPassword: the token version moves, every session of the guardian ends.
      platformUsers.setPassword(
        directory,
        guardian.id,
        await hashPassword(code),
        'temporary_password',
        temporaryPasswordExpiry(),
      ),
    ],
    [
      {
        holds: guardians.guardianUnchanged(guardian.id, guardian.tokenVersion),
        error: conflict(serverText.changedMeanwhile, 'changed'),
      },
    ],
  );
  return commit(c, [], {
    audit: { action: 'GUARDIAN_CODE', target: link.phone, details: { name: link.name } },
    body: {
      link: { ...link, account_status: 'temporary_password' },
      tempPassword: code,
      message: t.codeGiven,
    } satisfies GuardianSlip,
    guards: [{ holds: guardians.linkStands(school, link.id), error: notFound(t.linkNotFound) }],
  });
});

route(guardianRoutes, api.end, allow.permission(MANAGE), async (c) => {
  const { db, school } = c.var;
  const link = found(await guardians.findLink(db, school, c.req.valid('param').id), t.linkNotFound);
  return commit(c, [guardians.deleteLink(db, school, link.id)], {
    audit: {
      action: 'END_GUARDIAN_LINK',
      target: link.phone,
      details: { name: link.name, student_id: link.student_id },
    },
    body: { message: t.ended },
    guards: [{ holds: guardians.linkStands(school, link.id), error: notFound(t.linkNotFound) }],
  });
});

route(guardianRoutes, api.list, allow.permission(MANAGE), async (c) => {
  const { db, school, directory } = c.var;
  const rows = await guardians.linksOfSchool(db, school);
  const statuses = await guardians.statusesOf(directory, [...new Set(rows.map((r) => r.guardian_id))]);
  rows.sort(
    (a, b) =>
      compareNames(a.nom, b.nom) || compareNames(a.prenom, b.prenom) || a.created_at.localeCompare(b.created_at),
  );
  return c.json<SchoolGuardianRow[]>(
    rows.map((r) => ({ ...r, account_status: statuses.get(r.guardian_id) ?? 'disabled' })),
  );
});

// ---------------------------------------------------------------- the guardian's side

route(guardianRoutes, api.children, allow.types('guardian'), async (c) => {
  const { account, directory } = c.var;
  const schools = await guardians.schoolsOf(directory, account.id);
  const perSchool = await Promise.all(
    schools.map(async (s) =>
      (await guardians.childrenIn(schoolDatabase(c.env, s.shard), s.id, account.id)).map((child): GuardianChild => ({
        school_id: s.id,
        school_name: s.name,
        student_id: child.student_id,
        nom: child.nom,
        prenom: child.prenom,
        class_name: child.class_name,
      })),
    ),
  );
  const children = perSchool.flat();
  children.sort((a, b) => compareNames(a.prenom, b.prenom) || compareNames(a.nom, b.nom));
  return c.json<GuardianChild[]>(children);
});

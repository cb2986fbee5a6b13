// The Hono app: middleware order, the API areas, one error handler, one not-found answer.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { etag } from 'hono/etag';
import { serverText } from './contract/texts/server';
import { allow } from './auth/access';
import type { AppBindings } from './env';
import { ApiError, notFound } from './lib/errors';
import { answerLanguage, inLanguage } from './lib/language';
import { WRITE_METHODS } from './lib/idempotency';
import { drainUnreadBody } from './lib/drain';
import { serveAsset } from './lib/assets';
import { securityHeaders } from './lib/headers';
import { routeRequest } from './lib/host';
import { keepBookmark } from './lib/directory-reads';
import { periodRoutes } from './routes/academic-periods';
import { announcementRoutes } from './routes/announcements';
import { authRoutes } from './routes/auth';
import { bootstrapRoutes } from './routes/bootstrap';
import { classFinancialRoutes } from './routes/class-financials';
import { communicationRoutes } from './routes/communications';
import { classRoutes } from './routes/classes';
import { curriculumRoutes } from './routes/curriculum';
import { dashboardRoutes } from './routes/dashboard';
import { enrollmentRoutes } from './routes/enrollments';
import { financeRoutes } from './routes/finance';
import { instanceRoutes } from './routes/instance';
import { languageRoutes } from './routes/language';
import { platformRoutes } from './routes/platform';
import { roleRoutes } from './routes/roles';
import { schoolYearRoutes } from './routes/school-years';
import { setupRoutes } from './routes/setup';
import { studentPortalRoutes } from './routes/student-portal';
import { studentRoutes } from './routes/students';
import { studentImportRoutes } from './routes/student-import';
import { exportRoutes } from './routes/exports';
import { backupRoutes } from './routes/backup';
import { teacherRoutes } from './routes/teacher';
import { teacherManagementRoutes } from './routes/teachers';
import { timetableRoutes } from './routes/timetable';
import { attendanceRoutes } from './routes/attendance';
import { gradesRoutes } from './routes/grades';
import { guardianRoutes } from './routes/guardians';
import { studentAccountRoutes } from './routes/student-accounts';
import { promotionRoutes } from './routes/promotion';
import { auditRoutes } from './routes/audit';
import { superadminRoutes } from './routes/superadmin';
import { subjectRoutes } from './routes/subjects';
import { supportRoutes } from './routes/support';
import { userRoutes } from './routes/users';
import { resourceRoutes } from './routes/resources';
import { readRoutes } from './routes/reads';
import { RESOURCE_BODY_LIMIT } from './domain/resources';

export const API_BODY_LIMIT = 1024 * 1024;
/** A restore's pieces: its manifest, or a file of the school in base64 (a resource: 5 MiB). */
export const RESTORE_BODY_LIMIT = 8 * 1024 * 1024;
const isRestore = (path: string) => path.startsWith('/api/superadmin/schools/') && path.includes('/restore/');

const hasBody = (request: Request) => request.body !== null && request.headers.get('Content-Length') !== '0';
const isJson = (type: string | undefined) => /^application\/json\s*(;|$)/i.test(type ?? '');

export function buildApp() {
  const app = new Hono<AppBindings>();

  app.use('*', securityHeaders);
  // Locally, a body the route did not read is read before the answer leaves (lib/drain.ts).
  app.use('/api/*', drainUnreadBody(RESOURCE_BODY_LIMIT));

  app.use('/api/*', async (c, next) => {
    // The school of the host and its database (lib/host.ts, decision 171 "Design as built").
    await routeRequest(c);
    await next();
    // The console's directory bookmark (lib/directory-reads.ts, decision 332).
    keepBookmark(c);
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  app.use(
    '/api/*',
    // A resource write carries its file in base64: its own, larger limit (domain/resources.ts).
    (c, next) =>
      bodyLimit({
        maxSize:
          c.req.path === '/api/resources' || c.req.path.startsWith('/api/resources/')
            ? RESOURCE_BODY_LIMIT
            : isRestore(c.req.path)
              ? RESTORE_BODY_LIMIT
              : API_BODY_LIMIT,
        onError: () => {
          throw new ApiError(413, 'too_large', serverText.tooLarge);
        },
      })(c, next),
  );
  // A write carries JSON or nothing: any other body is refused before it reaches a route.
  app.use('/api/*', async (c, next) => {
    if (WRITE_METHODS.has(c.req.method) && hasBody(c.req.raw) && !isJson(c.req.header('Content-Type'))) {
      throw new ApiError(415, 'unsupported_media_type', serverText.unsupportedMediaType);
    }
    return next();
  });
  // 80 bits of SHA-1 name one answer of one address well enough to revalidate it (half the bytes).
  const tag = etag({ generateDigest: async (body) => (await crypto.subtle.digest('SHA-1', body)).slice(0, 10) });
  app.use('/api/*', async (c, next) => (c.req.method === 'GET' ? tag(c, next) : next()));

  app.route('/api', authRoutes);
  app.route('/api', languageRoutes);
  app.route('/api', guardianRoutes);
  app.route('/api', instanceRoutes);
  app.route('/api', bootstrapRoutes);
  app.route('/api', platformRoutes);
  app.route('/api', schoolYearRoutes);
  app.route('/api', studentPortalRoutes);
  app.route('/api', financeRoutes);
  app.route('/api', studentImportRoutes);
  app.route('/api', exportRoutes);
  app.route('/api', backupRoutes);
  app.route('/api', studentRoutes);
  app.route('/api', enrollmentRoutes);
  app.route('/api', setupRoutes);
  app.route('/api', periodRoutes);
  app.route('/api', classRoutes);
  app.route('/api', subjectRoutes);
  app.route('/api', curriculumRoutes);
  app.route('/api', classFinancialRoutes);
  app.route('/api', roleRoutes);
  app.route('/api', userRoutes);
  app.route('/api', announcementRoutes);
  app.route('/api', dashboardRoutes);
  app.route('/api', teacherRoutes);
  app.route('/api', teacherManagementRoutes);
  app.route('/api', timetableRoutes);
  app.route('/api', attendanceRoutes);
  app.route('/api', gradesRoutes);
  app.route('/api', studentAccountRoutes);
  app.route('/api', promotionRoutes);
  app.route('/api', supportRoutes);
  app.route('/api', communicationRoutes);
  app.route('/api', auditRoutes);
  app.route('/api', superadminRoutes);
  app.route('/api', resourceRoutes);
  // Several reads in one request, each answered by this app as its own GET (decision 271).
  app.route(
    '/api',
    readRoutes((request, env, ctx) => app.fetch(request, env, ctx)),
  );

  // The OpenAPI document, generated from the routes: `npm run dev` and the tests only (the
  // production build leaves this out; docs/openapi.json is the same document).
  if (import.meta.env.DEV) {
    app.get('/api/openapi.json', allow.public(), async (c) =>
      c.json((await import('./lib/openapi')).openApiDocument(app)),
    );
  }

  // Unknown API addresses answer the API's 404; everything else is the app (SPA fallback).
  app.all('/api/*', allow.public(), () => {
    throw new ApiError(404, 'not_found', serverText.routeNotFound);
  });
  // The built files, in Brotli to a browser that takes it (lib/assets.ts, decision 321).
  app.get('*', allow.public(), (c) => serveAsset(c.req.raw, c.env.ASSETS));

  app.notFound(() => {
    throw notFound(serverText.routeNotFound);
  });

  app.onError((error, c) => {
    // The French text said in the answer's language (a pupil's Kreyòl, lib/language.ts).
    const say = (message: string) => inLanguage(message, answerLanguage(c));
    if (error instanceof ApiError) {
      const { retryAfter } = error.extra;
      const headers: Record<string, string> =
        typeof retryAfter === 'number' ? { 'Retry-After': String(retryAfter) } : {};
      return c.json({ message: say(error.message), code: error.code, ...error.extra }, error.status, headers);
    }
    const text = error instanceof Error ? error.message : '';
    // A school account of a platform account's name, refused in its batch (decision 250).
    if (/username_reserved/.test(text) || /username_reserved/.test(String((error as Error).cause ?? '')))
      return c.json({ message: say(serverText.usernameReserved), code: 'conflict' }, 409);
    if (/UNIQUE constraint failed/i.test(text))
      return c.json({ message: say(serverText.duplicate), code: 'conflict' }, 409);
    if (/FOREIGN KEY constraint failed/i.test(text)) {
      return c.json({ message: say(serverText.stillReferenced), code: 'conflict' }, 409);
    }
    // Log the failure without request data (no bodies, no tokens).
    console.error(`${c.req.method} ${new URL(c.req.url).pathname} failed: ${error.name}: ${text.slice(0, 200)}`);
    return c.json({ message: say(serverText.internal), code: 'internal' }, 500);
  });

  return app;
}

export const app = buildApp();

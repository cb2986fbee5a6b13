// Type tests (checked by `npm run typecheck`, never run): the screens' calls are typed by the
// contract, so a field or a route renamed in worker/contract/ is a type error where a screen
// still uses the old name. Each `@ts-expect-error` must find its error, or tsc fails.
import { read, send } from '../../web/api/calls';
import { endpoints } from '../../web/api/endpoints';
import { type AnswerOf, type CallOf, pathOf } from '../../web/api/route';

type Book = AnswerOf<typeof endpoints.grades.book>;
export function readsTheBook(book: Book) {
  const max: number = book.maxGrade;
  // @ts-expect-error a field the contract does not answer (as if `maxGrade` had been renamed)
  const renamed: number = book.maxGradeValue;
  return [max, renamed];
}

export async function callsByEndpoint() {
  const school = (await read(endpoints.bootstrap.read)).school.name;
  // @ts-expect-error the grade book needs its query
  await read(endpoints.grades.book);
  // @ts-expect-error a query field the contract does not read
  pathOf(endpoints.grades.book, { query: { yearId: 'y', className: 'c', periodId: 'p', subject: 's' } });
  const update: CallOf<typeof endpoints.students.update> = { params: { id: 's1' }, body: null as never };
  // @ts-expect-error a path parameter the route does not have
  const wrong: CallOf<typeof endpoints.students.update> = { params: { studentId: 's1' }, body: null as never };
  const saved = await send(endpoints.grades.save, { body: null as never });
  return [school, update, wrong, saved];
}

// The school's academic frame: its years (the current one marked), their periods, the classes in
// order, the subjects, each year's programme (max grades) and the class fees; and an empty next
// year with its class fees only, so the promotion can be tried (decision 172).
import type { academicPeriods, classes, classFees, curriculum, schoolYears, subjects } from '../../worker/db/schema';
import type { DemoContext } from './context';
import { PERIODS } from './profiles';
import { stamp } from './random';

export function academicRows({ school, cfg, id, yearNames, yearId, periodId, classId, subjectId, feeOf }: DemoContext) {
  const allYears = cfg.nextYear ? [...yearNames, cfg.nextYear] : yearNames;
  const years: (typeof schoolYears.$inferInsert)[] = allYears.map((name) => ({
    id: yearId(name),
    instanceId: school,
    name,
    isCurrent: name === cfg.currentYear,
    createdAt: stamp(`${name === cfg.nextYear ? cfg.currentYear.slice(0, 4) : name.slice(0, 4)}-07-15`, 12),
  }));
  const periods: (typeof academicPeriods.$inferInsert)[] = yearNames.flatMap((year) =>
    PERIODS.map((name, i) => ({
      id: periodId(year, name),
      instanceId: school,
      yearId: yearId(year),
      name,
      position: i + 1,
    })),
  );
  const classRows: (typeof classes.$inferInsert)[] = cfg.classes.map((c, i) => ({
    id: classId(c.name),
    instanceId: school,
    name: c.name,
    orderIndex: i + 1,
  }));
  const subjectRows: (typeof subjects.$inferInsert)[] = cfg.subjects.map((name) => ({
    id: subjectId(name),
    instanceId: school,
    name,
  }));
  const programme: (typeof curriculum.$inferInsert)[] = yearNames.flatMap((year) =>
    cfg.classes.flatMap((c) =>
      Object.entries(cfg.curriculum[c.name]!).map(([subject, points]) => ({
        id: id(`curriculum:${year}:${c.name}:${subject}`),
        instanceId: school,
        yearId: yearId(year),
        classId: classId(c.name),
        subjectId: subjectId(subject),
        maxGrade: points * 100,
      })),
    ),
  );
  const fees: (typeof classFees.$inferInsert)[] = allYears.flatMap((year) =>
    cfg.classes.map((c) => ({
      instanceId: school,
      yearId: yearId(year),
      classId: classId(c.name),
      mppa: feeOf(year, c.name),
    })),
  );
  return { years, periods, classes: classRows, subjects: subjectRows, curriculum: programme, classFees: fees };
}

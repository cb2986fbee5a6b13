// The scale run's schools (scripts/seed-scale.mjs, scripts/bench-scale.mjs): ids of the app's
// shape (a UUID, as the platform's school creation makes), a name and a host name each.
import { idMaker } from '../demo/random.ts';

const id = idMaker('scale-run');

export const scaleSchool = (n: number) => {
  const k = String(n).padStart(3, '0');
  return { id: id(`school:${k}`), name: `École Échelle ${k}`, hostname: `ecole-${k}.scale.localhost` };
};

// The demo's resources (issue 16): a small PDF made here and a link, for the demo teacher's course
// in the demo pupil's class, so that 'eleve' previews a real file. Files live in R2, which the
// seed's local bindings write only through the portal: written through the API on first start
// (scripts/lib/seed-demo-chat.mjs), like the support conversation.
import type { SchoolCall } from './communications';

/** A one-page PDF with a title and a few lines of text (Helvetica, WinAnsi: accents allowed). */
export function demoPdf(title: string, lines: string[]): Uint8Array {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = [
    `BT /F1 20 Tf 72 760 Td (${esc(title)}) Tj ET`,
    ...lines.map((line, i) => `BT /F1 12 Tf 72 ${720 - i * 20} Td (${esc(line)}) Tj ET`),
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${latin1(text).length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(latin1(body).length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = latin1(body).length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return latin1(body);
}

/** Latin-1 bytes (the PDF's WinAnsi text): every demo character is in it. */
function latin1(s: string): Uint8Array {
  return Uint8Array.from(s, (ch) => ch.charCodeAt(0) & 0xff);
}

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

export const DEMO_RESOURCES = {
  pdf: {
    title: "Fiche d'exercices n° 1",
    file_name: 'fiche-exercices-1.pdf',
    lines: [
      'Exercice 1 : calculez 3/4 + 1/2.',
      'Exercice 2 : simplifiez 12/18.',
      'Exercice 3 : rangez 2/3, 3/5 et 5/8.',
      'À rendre la semaine prochaine.',
    ],
  },
  link: { title: 'Cours en ligne : les fractions', url: 'https://fr.wikipedia.org/wiki/Fraction_(math%C3%A9matiques)' },
} as const;

/**
 * Adds the demo resources through the API; -1 when the demo teacher already has some (a second
 * start), else the number added.
 */
export async function seedDemoResources(call: SchoolCall, password: string): Promise<number> {
  const token = async (username: string) => {
    const res = await call('POST', '/api/login', null, { username, password });
    if (res.status !== 200) throw new Error(`demo resources: sign-in of ${username} answered ${res.status}`);
    return (res.json as { accessToken: string }).accessToken;
  };
  const prof = await token('prof');
  const pupil = (await call('GET', '/api/student/me', await token('eleve'))).json as {
    enrollment: { year_id: string; class_name: string } | null;
  } | null;
  const place = pupil?.enrollment;
  if (!place) throw new Error('demo resources: the demo pupil has no class this year');
  const own = await call('GET', `/api/teacher/resources?yearId=${encodeURIComponent(place.year_id)}`, prof);
  if (own.status !== 200) throw new Error(`demo resources: the teacher's resources answered ${own.status}`);
  const { assignments, resources } = own.json as {
    assignments: { id: string; class_name: string }[];
    resources: unknown[];
  };
  if (resources.length > 0) return -1;
  const course = assignments.find((a) => a.class_name === place.class_name);
  if (!course) throw new Error(`demo resources: the demo teacher has no course in ${place.class_name}`);
  const { pdf, link } = DEMO_RESOURCES;
  const bodies = [
    { assignment_id: course.id, resource_type: 'link', title: link.title, url: link.url },
    {
      assignment_id: course.id,
      resource_type: 'file',
      title: pdf.title,
      file_name: pdf.file_name,
      mime_type: 'application/pdf',
      file_content: base64(demoPdf(pdf.title, [...pdf.lines])),
    },
  ];
  for (const body of bodies) {
    const res = await call('POST', '/api/resources', prof, body);
    if (res.status !== 201) throw new Error(`demo resources: adding "${body.title}" answered ${res.status}`);
  }
  return bodies.length;
}

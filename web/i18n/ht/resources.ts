// Kreyòl: the pupil's Resous and the preview of a resource (../resources.ts).
import type { KreyolTexts } from '../kreyol';
import { formatDecimal } from '../../../worker/domain/format';

export const resourcesText: KreyolTexts['resources'] = {
  studentTitle: 'Resous',
  preview: 'Gade',
  openLink: 'Louvri lyen an',
  download: 'Telechaje',
  close: 'Fèmen',
  studentEmpty: 'Pwofesè yo poko pataje okenn resous ak klas ou a.',
  types: { file: 'Fichye', link: 'Lyen' },
  by: (prenom: string, nom: string) => `${prenom} ${nom}`,
  size: (bytes: number) =>
    bytes >= 1024 * 1024
      ? `${formatDecimal(bytes / 1024 / 1024, 1)} MB`
      : `${Math.max(1, Math.round(bytes / 1024))} KB`,
  previewTitle: (title: string) => `Gade : ${title}`,
  loadingPreview: 'N ap chaje dokiman an…',
  notFound: 'Nou pa jwenn resous la.',
  unsupported: 'Nou pa ka montre fichye sa a isit la. Tanpri, telechaje l.',
};

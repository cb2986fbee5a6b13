// Kreyòl: the choice of language (../language.ts).
import type { KreyolTexts } from '../kreyol';

export const languageText: KreyolTexts['language'] = {
  label: 'Lang',
};

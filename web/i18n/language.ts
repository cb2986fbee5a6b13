// The choice of language on the sign-in page and in the pupil's menu (issue 42): each language is
// named in itself ('Français', 'Kreyòl': worker/domain/language.ts).
export const languageText = {
  label: 'Langue',
} as const;

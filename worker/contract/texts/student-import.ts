// The answers of the register import (issue 30). The spec is silent: our own words, short.

export const importServerText = {
  lineInvalid: 'Une ligne du fichier est illisible.',
  linesRequired: 'Aucune ligne à importer.',
  tooManyLines: (max: number) => `Envoyez au plus ${max} lignes à la fois.`,
  linesRepeated: 'Une même ligne est envoyée deux fois.',
  unknownClass: (name: string) => `Classe inconnue : « ${name} ». Créez-la dans l’administration ou corrigez la ligne.`,
  enrolForbidden: "Vous n'avez pas la permission d'inscrire des élèves : laissez la classe vide.",
  sameNisu: (name: string) => `Doublon : ${name} a déjà ce NISU dans l’école.`,
  samePerson: (name: string) => `Doublon : ${name} a déjà ces nom, prénom et date de naissance dans l’école.`,
  sameNisuAsLine: (line: number) => `Doublon de la ligne ${line} (même NISU).`,
  samePersonAsLine: (line: number) => `Doublon de la ligne ${line} (mêmes nom, prénom et date de naissance).`,
  written: (created: number) =>
    created === 0
      ? 'Aucun nouvel élève dans ce lot.'
      : `${created} élève${created > 1 ? 's' : ''} importé${created > 1 ? 's' : ''}.`,
} as const;

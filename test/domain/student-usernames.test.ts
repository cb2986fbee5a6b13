// Usernames for a batch of student accounts (issue 16): 'prenom.nom' in plain letters, unique
// against the school's and the platform's, and within the batch.
import { describe, expect, it } from 'vitest';
import { batchUsernames } from '../../worker/domain/usernames';

describe('batch usernames', () => {
  it('folds accents and numbers namesakes in the order given', () => {
    const people = [
      { prenom: 'Jean', nom: 'Pierre' },
      { prenom: 'Nadège', nom: 'Toussaint' },
      { prenom: 'JEAN', nom: 'pierre' },
      { prenom: 'Jean', nom: 'Pierre' },
    ];
    expect(batchUsernames(people, ['nadege.toussaint', 'Jean.Pierre2'], 'eleve')).toEqual([
      'jean.pierre',
      'nadege.toussaint2',
      'jean.pierre3',
      'jean.pierre4',
    ]);
  });

  it('falls back when the names leave no letter', () => {
    expect(
      batchUsernames(
        [
          { prenom: '…', nom: '' },
          { prenom: '', nom: '-' },
        ],
        [],
        'eleve',
      ),
    ).toEqual(['eleve', 'eleve2']);
  });
});

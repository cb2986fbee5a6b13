import { describe, expect, it } from 'vitest';
import {
  actionsLabelled,
  auditSearchWords,
  dayRange,
  deleteRangeProblem,
  type NameOf,
  readableEntry,
  refsOf,
} from '../../worker/domain/audit';

const details = (text: string | null) => readableEntry({ action_type: 'X', target_name: null, details: text }).details;

describe('activity log days (Port-au-Prince)', () => {
  it('includes both days of a range, and leaves a missing side open', () => {
    expect(dayRange('2026-01-10', '2026-01-12')).toEqual({
      from: '2026-01-10T05:00:00.000Z',
      to: '2026-01-13T05:00:00.000Z',
    });
    expect(dayRange(undefined, '2026-01-31')).toEqual({ from: null, to: '2026-02-01T05:00:00.000Z' });
    expect(dayRange()).toEqual({ from: null, to: null });
  });

  it('needs both dates of a delete, valid and in order', () => {
    expect(deleteRangeProblem('', '2026-01-01')).toBe('missing');
    expect(deleteRangeProblem('2026-01-01', null)).toBe('missing');
    expect(deleteRangeProblem('2026-02-30', '2026-03-01')).toBe('invalid');
    expect(deleteRangeProblem('2026-01-02', '2026-01-01')).toBe('order');
    expect(deleteRangeProblem('2026-01-01', '2026-01-01')).toBeNull();
  });
});

describe('activity log rows', () => {
  it("shows object details as 'clé: valeur | ...' with French keys, and other details as they are", () => {
    expect(details('{"before":"Maths","order_index":2,"note":null,"enabled":true}')).toBe(
      'avant: Maths | ordre: 2 | note: — | ouvert: oui',
    );
    expect(details('{"amounts":{"before":10,"after":12},"days":[1,2]}')).toBe(
      'amounts: (avant: 10, après: 12) | days: [1 ; 2]',
    );
    expect(details('{"day":2,"start":"08:00"}')).toBe('jour: Mardi | début: 08:00');
    // Days and instants as the log's dates read: fr-FR, in Port-au-Prince.
    expect(details('{"date":"2026-03-02","après":"2026-07-01T04:00:00.000Z"}')).toBe(
      'date: 02/03/2026 | après: 01/07/2026 00:00',
    );
    expect(details('{"permissionIds":[9,20]}')).toBe(
      'permissions: Consulter le rapport financier, Gérer les utilisateurs (accès à l’administration)',
    );
    expect(details('Paiement annulé')).toBe('Paiement annulé');
    expect(details('"texte"')).toBe('texte');
    expect(details('[1,2]')).toBe('[1,2]');
    expect(details(null)).toBeNull();
  });

  it('names the records a row holds by id, and says when one was deleted since', () => {
    const row = {
      action_type: 'SET_GRADE',
      target_name: 'Devoir 1',
      details: '{"enrollment":"e1","evaluation":"v1","score":15}',
    };
    expect(refsOf(row)).toEqual([
      { kind: 'enrollment', id: 'e1' },
      { kind: 'evaluation', id: 'v1' },
    ]);
    const known: Record<string, string> = { 'enrollment:e1': 'Marie Joseph' };
    const names: NameOf = (kind, id) => known[`${kind}:${id}`];
    expect(readableEntry(row, names)).toEqual({
      action_label: 'Note saisie',
      target_name: 'Devoir 1',
      details: 'élève: Marie Joseph | évaluation: supprimé | note: 15',
    });
    const override = { action_type: 'SET_ATTENDANCE_OVERRIDE', target_name: 's1 2026-03-02', details: null };
    expect(refsOf(override)).toEqual([{ kind: 'student', id: 's1' }]);
    expect(readableEntry(override, (kind) => (kind === 'student' ? 'Anne Joseph' : undefined)).target_name).toBe(
      'Anne Joseph 2026-03-02',
    );
    const moves = { action_type: 'BULK_CHANGE_CLASS', target_name: '8e AF', details: '{"teacherIds":["t1","t2"]}' };
    expect(readableEntry(moves, (_k, id) => (id === 't1' ? 'Jean Baptiste' : undefined)).details).toBe(
      'professeurs: Jean Baptiste, 1 supprimé',
    );
    expect(readableEntry({ action_type: 'NOT_A_CODE', target_name: null, details: null }).action_label).toBe(
      'NOT_A_CODE',
    );
  });

  it('finds the actions whose French label holds a searched word', () => {
    expect(actionsLabelled('suspendue')).toEqual(['SUSPEND_SCHOOL']);
    expect(actionsLabelled('maintenance').sort()).toEqual(['MAINTENANCE_OFF', 'MAINTENANCE_ON']);
  });

  it('searches lower-case words, at most ten', () => {
    expect(auditSearchWords('  Élève   CREATE ')).toEqual(['élève', 'create']);
    expect(auditSearchWords('a b c d e f g h i j k l')).toHaveLength(10);
    expect(auditSearchWords(undefined)).toEqual([]);
  });
});

describe("a compact row's details (decision 331)", () => {
  it('reads a roll call counted as a list as the counts it stands for, zeros left out', () => {
    const row = {
      action_type: 'ATTENDANCE_SESSION',
      target_name: 'Mathématiques 7e AF 2026-03-02',
      details: '[141,5,0,4]',
    };
    expect(readableEntry(row).details).toBe('présents: 141 | absents: 5 | justifiés: 4');
    // A row written before (an object of counts) reads the same way.
    expect(
      readableEntry({ ...row, details: '{"present":141,"absent":5,"late":0,"justified":4,"cleared":0}' }).details,
    ).toBe('présents: 141 | absents: 5 | retards: 0 | justifiés: 4 | effacés: 0');
  });

  it("reads a grade book batch's scores by seat with the pupils' names", () => {
    const row = {
      action_type: 'SET_GRADES',
      target_name: 'Devoir 1',
      details: '{"evaluations":[{"evaluation":"ev1","notes":[[0,15],[2,null]]}]}',
    };
    const known: Record<string, string> = { 'evaluation ev1': 'Devoir 1', 'seat ev1:0': 'Jean Dupont' };
    const names = (kind: string, id: string) => known[`${kind} ${id}`];
    expect(refsOf(row)).toEqual(
      expect.arrayContaining([
        { kind: 'evaluation', id: 'ev1' },
        { kind: 'seat', id: 'ev1:0' },
        { kind: 'seat', id: 'ev1:2' },
      ]),
    );
    expect(readableEntry(row, names).details).toBe('évaluation: Devoir 1 | notes: Jean Dupont 15 ; supprimé effacée');
  });
});

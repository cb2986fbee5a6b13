import { describe, expect, it } from 'vitest';
import { auditSearchWords, dayRange, deleteRangeProblem, detailsText } from '../../worker/domain/audit';

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
  it("shows object details as 'key: value | ...' and other details as they are", () => {
    expect(detailsText('{"before":"Maths","order_index":2,"note":null}')).toBe(
      'before: Maths | order_index: 2 | note: —',
    );
    expect(detailsText('{"amounts":{"before":10,"after":12}}')).toBe('amounts: {"before":10,"after":12}');
    expect(detailsText('Paiement annulé')).toBe('Paiement annulé');
    expect(detailsText('"texte"')).toBe('texte');
    expect(detailsText('[1,2]')).toBe('[1,2]');
    expect(detailsText(null)).toBe('');
  });

  it('searches lower-case words, at most ten', () => {
    expect(auditSearchWords('  Élève   CREATE ')).toEqual(['élève', 'create']);
    expect(auditSearchWords('a b c d e f g h i j k l')).toHaveLength(10);
    expect(auditSearchWords(undefined)).toEqual([]);
  });
});

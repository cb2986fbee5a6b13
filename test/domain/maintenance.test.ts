import { describe, expect, it } from 'vitest';
import type { AccountType } from '../../worker/domain/accounts';
import { isExemptFromMaintenance } from '../../worker/domain/maintenance';

const exempt = (level: 'standard' | 'full_lockdown') =>
  (['superadmin', 'superadmin_delegate', 'admin', 'standard', 'teacher', 'student'] as AccountType[]).filter((type) =>
    isExemptFromMaintenance(type, level),
  );

describe('maintenance exemptions', () => {
  it('lets platform accounts and admins through a standard maintenance', () => {
    expect(exempt('standard')).toEqual(['superadmin', 'superadmin_delegate', 'admin']);
  });

  it('lets only platform accounts through a full lockdown', () => {
    expect(exempt('full_lockdown')).toEqual(['superadmin', 'superadmin_delegate']);
  });
});

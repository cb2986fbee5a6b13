// The kinds of accounts (document 1 §3): school accounts and the platform's own.
export type AccountType = 'admin' | 'teacher' | 'standard' | 'student' | 'superadmin' | 'superadmin_delegate';
export type AccountStatus = 'temporary_password' | 'active' | 'disabled';

export const isPlatformType = (type: AccountType) => type === 'superadmin' || type === 'superadmin_delegate';

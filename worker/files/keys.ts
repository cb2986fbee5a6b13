// The one module that builds R2 object keys: every key starts with its school's id.
export const logoKey = (instanceId: string, version: string) => `instances/${instanceId}/logo/${version}`;

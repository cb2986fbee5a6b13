// The platform's maintenance state, one object for the whole deployment.
import { DurableObject } from 'cloudflare:workers';
import type { Maintenance as MaintenanceState } from '../contract/platform';

export const NO_MAINTENANCE: MaintenanceState = { active: false, message: '', level: 'standard' };

export class Platform extends DurableObject<Env> {
  async getMaintenance(): Promise<MaintenanceState> {
    return (await this.ctx.storage.get<MaintenanceState>('maintenance')) ?? NO_MAINTENANCE;
  }

  async setMaintenance(state: MaintenanceState): Promise<MaintenanceState> {
    await this.ctx.storage.put('maintenance', state);
    return state;
  }
}

export const platform = (env: Env) => env.PLATFORM.get(env.PLATFORM.idFromName('platform'));

// Every API request consults the state; an isolate keeps it a few seconds to spare the round trip.
const CACHE_MS = 5000;
let cached: { state: MaintenanceState; at: number } | null = null;

export async function currentMaintenance(env: Env, now = Date.now()): Promise<MaintenanceState> {
  if (cached && now - cached.at < CACHE_MS) return cached.state;
  const state = await platform(env).getMaintenance();
  cached = { state, at: now };
  return state;
}

export async function setMaintenance(env: Env, state: MaintenanceState): Promise<MaintenanceState> {
  cached = null;
  return platform(env).setMaintenance(state);
}

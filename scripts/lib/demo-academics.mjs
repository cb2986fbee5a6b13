// Minimal version (being replaced by the full demo year).
import { randomUUID } from 'node:crypto';
import { insertRows } from './sql.mjs';

export function academicDemoRows(instanceId) {
  const students = [{ id: randomUUID(), instance_id: instanceId, nom: 'Joseph', prenom: 'Marie', sexe: 'F', date_of_birth: '2011-04-02', address: 'Port-au-Prince', status: 'active' }];
  const teachers = [{ id: randomUUID(), instance_id: instanceId, prenom: 'Jean', nom: 'Baptiste', user_id: null }];
  return {
    students,
    teachers,
    statementsBeforeUsers: insertRows('students', students),
    get statementsAfterUsers() {
      return insertRows('teachers', teachers);
    },
  };
}

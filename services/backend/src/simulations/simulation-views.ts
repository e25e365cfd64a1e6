import type { SimulationType } from '@faraday/contracts';
import type { SimulationWithOwner } from './simulations.repository.js';

export function toSimulationRecord(row: SimulationWithOwner) {
  return {
    id: row.id,
    type: row.type as SimulationType,
    title: row.title,
    parameters: JSON.parse(row.parameters) as Record<string, unknown>,
    status: row.status,
    course_id: row.course_id,
    owner_id: row.owner_id,
    owner_name: row.owner_name,
    created_at: row.created_at,
    computation_time: Number(row.computation_time),
  };
}

export function dataUrlOf(id: string): string {
  return `/api/v1/sim/results/${id}/data.json`;
}

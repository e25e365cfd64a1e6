import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const meKey = ['me'] as const;

/** The signed-in user (name, role, permissions, must-change flag). */
export function useMe() {
  return useQuery({ queryKey: meKey, queryFn: () => api.auth.me() });
}

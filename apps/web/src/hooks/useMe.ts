import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';
import { meKey } from '../lib/query-keys';

/** The signed-in user (name, role, permissions, must-change flag). */
export function useMe() {
  return useQuery({ queryKey: meKey, queryFn: () => api.auth.me() });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { resourceKeys } from './keys';

export type Resource = Awaited<ReturnType<typeof api.resources.list>>['resources'][number];

/** The course's files by category, with the server's upload limit. */
export function useResources(courseId: string) {
  return useQuery({ queryKey: resourceKeys.list(courseId), queryFn: () => api.resources.list(courseId) });
}

function useRefreshResources(courseId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: resourceKeys.list(courseId) });
}

export function useDeleteResource(
  courseId: string,
  on: { success: () => void; error: (error: unknown) => void },
) {
  const refresh = useRefreshResources(courseId);
  return useMutation({
    mutationFn: (id: string) => api.resources.remove(id),
    onSuccess: () => {
      on.success();
      void refresh();
    },
    onError: on.error,
  });
}

/** Uploads one file with its name, category and chapter, reporting progress from 0 to 1. */
export function useUploadResource(
  courseId: string,
  on: { progress: (fraction: number) => void; success: () => void },
) {
  const refresh = useRefreshResources(courseId);
  return useMutation({
    mutationFn: ({
      file,
      fields,
    }: {
      file: File;
      fields: { name: string; category: string; chapter: string };
    }) => api.resources.upload(courseId, fields, file, on.progress),
    onSuccess: () => {
      on.success();
      void refresh();
    },
  });
}

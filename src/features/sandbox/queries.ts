import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../api/api-client';
import { createSandbox } from '../../api/contract/endpoints';
import { sandboxRequestSchema } from '../../api/contract/sandbox';
import { packageNameSchema } from './package-tags';
import { addSession, listSessions, removeSession } from './sessions-store';

/** The request as the form edits it: the contract's body, with the name rule on each package. */
export const sandboxFormSchema = sandboxRequestSchema.extend({
  packages: z.array(packageNameSchema),
});
export type SandboxFormValues = z.infer<typeof sandboxFormSchema>;
export const sandboxFields = ['language', 'packages'] as const;

export const languageLabels: Record<SandboxFormValues['language'], string> = {
  python: 'Python',
  javascript: 'JavaScript',
  typescript: 'TypeScript',
};

export const sandboxQueries = {
  all: () => ['sandbox'] as const,
  /** Sandboxes created from this browser (IndexedDB); only the mutations below change them. */
  sessions: () =>
    queryOptions({
      queryKey: [...sandboxQueries.all(), 'sessions'] as const,
      queryFn: listSessions,
      staleTime: Infinity,
    }),
};

/**
 * Creates a sandbox and records it in this browser. The record is written inside the mutation,
 * so a sandbox whose answer arrives after the user left the page is still listed later.
 */
export function useCreateSandbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...sandboxQueries.all(), 'create'],
    mutationFn: async (body: SandboxFormValues) => {
      const response = await apiClient.call(createSandbox, { body });
      const { sandbox_id, status, created_at } = response.data;
      return addSession({
        sandbox_id,
        status,
        language: body.language,
        created_at,
        packages: body.packages,
        ...(response.trace_id ? { trace_id: response.trace_id } : {}),
      });
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: sandboxQueries.sessions().queryKey }),
  });
}

/** Forgets a sandbox in this browser; the service still has it. */
export function useForgetSandbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...sandboxQueries.all(), 'forget'],
    mutationFn: removeSession,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: sandboxQueries.sessions().queryKey }),
  });
}

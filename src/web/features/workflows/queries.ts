import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AnswerData } from "../../../contract/responses/shared";
import type { workflowsResponses } from "../../../contract/responses/workflows";
import type { WorkflowBody } from "../../../contract/workflows";
import { api, requestAnswer } from "../../lib/api";

type Workflow = AnswerData<typeof workflowsResponses.workflow>;

export const workflowKeys = {
  all: ["workflows"] as const,
  templates: ["workflows", "templates"] as const,
  executions: (id: string, q: ExecutionFilters) => ["workflows", "executions", id, q] as const,
};

export interface ExecutionFilters {
  status: string;
  action: string;
  from: string;
  to: string;
  page: number;
}

export function useWorkflows() {
  return useQuery({
    queryKey: workflowKeys.all,
    queryFn: () => api.get<AnswerData<typeof workflowsResponses.list>>("/workflows"),
  });
}

export function useTemplates(enabled: boolean) {
  return useQuery({
    queryKey: workflowKeys.templates,
    queryFn: () => api.get<AnswerData<typeof workflowsResponses.templates>>("/workflows/templates/list"),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useExecutions(id: string, f: ExecutionFilters) {
  return useQuery({
    queryKey: workflowKeys.executions(id, f),
    queryFn: async () => {
      const q = new URLSearchParams({ page: String(f.page), limit: "25" });
      for (const key of ["status", "action", "from", "to"] as const) if (f[key]) q.set(key, f[key]);
      return requestAnswer<typeof workflowsResponses.executions>("GET", `/workflows/${id}/executions?${q}`);
    },
    placeholderData: keepPreviousData,
    // Scheduled runs turn into sent ones while the page is open.
    refetchInterval: 15_000,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: workflowKeys.all });
}

export function useSaveWorkflow() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: WorkflowBody }) =>
      id
        ? api.put<Workflow>(`/workflows/${id}`, body)
        : api.post<AnswerData<typeof workflowsResponses.created>>("/workflows", body),
    onSuccess: refresh,
  });
}

export function useToggleWorkflow() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.put<Workflow>(`/workflows/${id}/toggle`),
    onSuccess: refresh,
  });
}

export function useDeleteWorkflow() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => api.delete(`/workflows/${id}`), onSuccess: refresh });
}

export function useTestWorkflow() {
  return useMutation({
    mutationFn: (id: string) =>
      api.post<AnswerData<typeof workflowsResponses.tested>>(`/workflows/${id}/test`),
  });
}

export function useRotateSecret() {
  return useMutation({ mutationFn: (id: string) => api.post<Workflow>(`/workflows/${id}/secret`) });
}

export function useRetryExecution(workflowId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (executionId: string) =>
      api.post<AnswerData<typeof workflowsResponses.execution>>(
        `/workflows/${workflowId}/executions/${executionId}/retry`,
      ),
    onSuccess: refresh,
  });
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateApiKeyBody } from "../../../contract/api-keys";
import type { apiKeysResponses } from "../../../contract/responses/api-keys";
import type { AnswerData } from "../../../contract/responses/shared";
import { api } from "../../lib/api";

export type ApiKeyList = AnswerData<typeof apiKeysResponses.list>;
export type CreatedApiKey = AnswerData<typeof apiKeysResponses.created>;
export const apiKeysKey = ["api-keys"] as const;

export function useApiKeys() {
  return useQuery({ queryKey: apiKeysKey, queryFn: () => api.get<ApiKeyList>("/api-keys") });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => api.post<CreatedApiKey>("/api-keys", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api-keys/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

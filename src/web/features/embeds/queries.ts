import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { embedsResponses } from "../../../contract/responses/embeds";
import type { AnswerData } from "../../../contract/responses/shared";
import { api } from "../../lib/api";

type EmbedSettings = AnswerData<typeof embedsResponses.settings>;
const settingsKey = ["embed-settings"] as const;

export function useEmbedSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => api.get<EmbedSettings>("/embeds/settings") });
}

export function useSaveEmbedSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (allowedOrigins: string[]) => api.put<EmbedSettings>("/embeds/settings", { allowedOrigins }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BlockRuleBody } from "../../../contract/blocklist";
import type { blocklistResponses } from "../../../contract/responses/blocklist";
import type { AnswerData } from "../../../contract/responses/shared";
import { api } from "../../lib/api";

export type Blocklist = AnswerData<typeof blocklistResponses.view>;
export const blocklistKey = ["blocklist"] as const;

export function useBlocklist() {
  return useQuery({ queryKey: blocklistKey, queryFn: () => api.get<Blocklist>("/blocklist") });
}

/** Every change answers (or implies) a new list: the query is refreshed after each. */
function useBlocklistMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blocklistKey }),
  });
}

export const useAddBlock = () =>
  useBlocklistMutation((body: BlockRuleBody) =>
    api.post<AnswerData<typeof blocklistResponses.added>>("/blocklist", body),
  );
export const useRemoveBlock = () => useBlocklistMutation((id: string) => api.delete(`/blocklist/${id}`));
export const useBlockDisposable = () =>
  useBlocklistMutation((enabled: boolean) => api.put<Blocklist>("/blocklist/disposable", { enabled }));

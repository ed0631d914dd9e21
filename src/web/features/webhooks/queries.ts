import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AnswerData } from "../../../contract/responses/shared";
import type { webhooksResponses } from "../../../contract/responses/webhooks";
import type { WebhookCreateBody, WebhookUpdateBody } from "../../../contract/webhooks";
import { api } from "../../lib/api";

export type WebhookSubscription = AnswerData<typeof webhooksResponses.list>[number];
export type WebhookWithSecret = AnswerData<typeof webhooksResponses.withSecret>;
export type WebhookDelivery = AnswerData<typeof webhooksResponses.deliveries>[number];

export const webhooksKey = ["webhooks"] as const;
const deliveriesKey = (id: string) => ["webhooks", id, "deliveries"] as const;

export function useWebhooks() {
  return useQuery({ queryKey: webhooksKey, queryFn: () => api.get<WebhookSubscription[]>("/webhooks") });
}

/** The delivery log of one subscription; polled while a delivery waits for an attempt. */
export function useDeliveries(id: string) {
  return useQuery({
    queryKey: deliveriesKey(id),
    queryFn: () => api.get<WebhookDelivery[]>(`/webhooks/${id}/deliveries`),
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === "pending") ? 2000 : false),
  });
}

function useWebhooksMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export const useCreateWebhook = () =>
  useWebhooksMutation((body: WebhookCreateBody) => api.post<WebhookWithSecret>("/webhooks", body));
export const useUpdateWebhook = () =>
  useWebhooksMutation(({ id, body }: { id: string; body: WebhookUpdateBody }) =>
    api.put<WebhookSubscription>(`/webhooks/${id}`, body),
  );
export const useDeleteWebhook = () => useWebhooksMutation((id: string) => api.delete(`/webhooks/${id}`));
export const useRevealSecret = () =>
  useMutation({ mutationFn: (id: string) => api.post<WebhookWithSecret>(`/webhooks/${id}/reveal`) });
export const useRotateSecret = () =>
  useWebhooksMutation((id: string) => api.post<WebhookWithSecret>(`/webhooks/${id}/rotate`));
export const useSendTest = () =>
  useWebhooksMutation((id: string) => api.post<WebhookDelivery>(`/webhooks/${id}/test`));
export const useResend = () =>
  useWebhooksMutation(({ id, deliveryId }: { id: string; deliveryId: string }) =>
    api.post<WebhookDelivery>(`/webhooks/${id}/deliveries/${deliveryId}/resend`),
  );

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type {
  BulkContactsBody,
  BulkResult,
  ContactDetail,
  ContactDto,
  ContactFilter,
  ContactListEnvelope,
  ContactSort,
  ContactStats,
  CreateContactBody,
  ImportSummary,
  UpdateContactBody,
} from "../../../contract/contacts";
import { ApiError, api, getToken, request } from "../../lib/api";

export interface ContactsParams {
  searchQuery: string;
  stage: string;
  priority: string;
  sort: ContactSort;
  order: "asc" | "desc";
  page: number;
  limit: number;
}

export const contactKeys = {
  all: ["contacts"] as const,
  list: (p: ContactsParams) => ["contacts", "list", p] as const,
  detail: (id: string) => ["contacts", "detail", id] as const,
  stats: ["contacts", "stats"] as const,
};

/** The filters in the shape the API takes (bulk actions over "all filtered", export). */
export function filterOf(p: Pick<ContactsParams, "searchQuery" | "stage" | "priority">): ContactFilter {
  const f: ContactFilter = {};
  if (p.searchQuery.trim()) f.searchQuery = p.searchQuery.trim();
  if (p.stage !== "all") f.stage = p.stage as ContactFilter["stage"];
  if (p.priority !== "all") f.priority = p.priority as ContactFilter["priority"];
  return f;
}

export function useContacts(p: ContactsParams) {
  return useQuery({
    queryKey: contactKeys.list(p),
    queryFn: async () => {
      const q = new URLSearchParams({
        ...(filterOf(p) as Record<string, string>),
        sort: p.sort,
        order: p.order,
        page: String(p.page),
        limit: String(p.limit),
      });
      return (await request<ContactDto[]>("GET", `/contacts?${q}`)) as unknown as ContactListEnvelope;
    },
    placeholderData: keepPreviousData,
  });
}

export function useContactStats() {
  return useQuery({
    queryKey: contactKeys.stats,
    queryFn: () => api.get<ContactStats>("/contacts/stats/overview"),
  });
}

export function useContact(id: string) {
  return useQuery({
    queryKey: contactKeys.detail(id),
    queryFn: () => api.get<ContactDetail>(`/contacts/${id}`),
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: contactKeys.all });
}

export function useSaveContact() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateContactBody | UpdateContactBody }) =>
      id ? api.put<ContactDto>(`/contacts/${id}`, body) : api.post<ContactDto>("/contacts", body),
    onSuccess: refresh,
  });
}

export function useDeleteContact() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => api.delete(`/contacts/${id}`), onSuccess: refresh });
}

export function useTags() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, add, remove }: { id: string; add: string[]; remove: string[] }) => {
      for (const tag of remove) await api.delete(`/contacts/${id}/tags/${encodeURIComponent(tag)}`);
      if (add.length > 0) await api.post<ContactDto>(`/contacts/${id}/tags`, { tags: add });
    },
    onSettled: refresh,
  });
}

export function useBulk() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: BulkContactsBody) => api.post<BulkResult>("/contacts/bulk", body),
    onSettled: refresh,
  });
}

/** A multipart upload through fetch (the JSON client cannot send files); errors as ApiError. */
async function upload<T>(path: string, file: File): Promise<{ data: T; body: Record<string, unknown> }> {
  const form = new FormData();
  form.append("file", file);
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: "POST",
      body: form,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(0, "Cannot reach the server. Check your connection and try again.");
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok || body.success === false) {
    throw new ApiError(response.status, (body.message as string) || "", body.errorCode as string | undefined);
  }
  return { data: body.data as T, body };
}

export const uploadAvatar = (id: string, file: File) => upload<ContactDto>(`/contacts/${id}/avatar`, file);
export const importContacts = async (file: File) =>
  (await upload<ImportSummary>("/contacts/import", file)).data;

/** Saves a file response (export, template) under the server's file name. */
export async function downloadFile(
  path: string,
  body: unknown | undefined,
  fallbackName: string,
): Promise<void> {
  const token = getToken();
  const response = await fetch(`/api${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error("download failed");
  const name =
    /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A contact's picture needs the bearer token, so it is fetched and shown from an object URL. */
export function useAuthedImage(src: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!src) {
      setUrl(null);
      return;
    }
    let revoked = false;
    let objectUrl: string | null = null;
    const token = getToken();
    fetch(src, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
      .then((r) => (r.ok ? r.blob() : null))
      .then((blob) => {
        if (!blob || revoked) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => setUrl(null));
    return () => {
      revoked = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src]);
  return url;
}

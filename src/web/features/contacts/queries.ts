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
import { api, download, getToken, request, upload } from "../../lib/api";

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

export const uploadAvatar = async (id: string, file: File) =>
  (await upload<ContactDto>(`/contacts/${id}/avatar`, file)).data as ContactDto;
export const importContacts = async (file: File) =>
  (await upload<ImportSummary>("/contacts/import", file)).data as ImportSummary;
/** Saves a file response (export, template) under the server's file name. */
export const downloadFile = download;

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

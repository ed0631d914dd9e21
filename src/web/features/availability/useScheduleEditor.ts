import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { AvailabilitySchedule } from "../../../contract/availability";
import type { availabilityResponses } from "../../../contract/responses/availability";
import type { AnswerData } from "../../../contract/responses/shared";
import { ApiError, api } from "../../lib/api";
import { t } from "../../lib/i18n";
import { draftFrom, type EditorDraft, type FieldErrors, payloadOf, sameDraft, validateDraft } from "./draft";
import { storeSchedule } from "./queries";

/** Spec section 9: weekly changes auto-save after 500 ms, slot time edits after 1000 ms. */
export const AUTOSAVE_MS = 500;
export const AUTOSAVE_SLOT_TIME_MS = 1000;

export type SaveState = "saved" | "pending" | "saving" | "error" | "invalid";
/** What a save came to: ok, or why not (the draft is invalid, or the server's message). */
export type SaveResult = { ok: true } | { ok: false; invalid: boolean; message: string };

/**
 * The editor's draft of one schedule and its saving. With autoSave (inline mode) every change
 * schedules a save after `delay` ms of quiet; saves run one at a time and an invalid draft is never sent.
 */
export function useScheduleEditor(schedule: AvailabilitySchedule, autoSave: boolean) {
  const queryClient = useQueryClient();
  const id = schedule._id;
  const [saved, setSaved] = useState(() => draftFrom(schedule));
  const [draft, setDraft] = useState(saved);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const draftRef = useRef(draft);
  const savedRef = useRef(saved);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<Promise<SaveResult> | null>(null);

  const clientErrors = useMemo(() => validateDraft(draft), [draft]);
  const errors = useMemo(() => ({ ...serverErrors, ...clientErrors }), [serverErrors, clientErrors]);
  const dirty = !sameDraft(draft, saved);

  const save = useCallback(async (): Promise<SaveResult> => {
    clearTimeout(timer.current);
    // One save at a time: a change made while one is in flight is sent after it.
    while (inFlight.current) await inFlight.current;
    const snapshot = draftRef.current;
    if (sameDraft(snapshot, savedRef.current)) return { ok: true };
    if (Object.keys(validateDraft(snapshot)).length > 0) {
      return { ok: false, invalid: true, message: t("availability.editor.fixFirstShort") };
    }
    const run = (async (): Promise<SaveResult> => {
      setSaving(true);
      setFailure(null);
      try {
        const result = await api.put<AnswerData<typeof availabilityResponses.one>>(
          `/availability/${id}`,
          payloadOf(snapshot),
        );
        storeSchedule(queryClient, result);
        const next = draftFrom(result);
        savedRef.current = next;
        setSaved(next);
        // Adopt the server's canonical form unless the host kept editing meanwhile.
        if (draftRef.current === snapshot) {
          draftRef.current = next;
          setDraft(next);
        }
        setServerErrors({});
        return { ok: true };
      } catch (error) {
        const message = error instanceof Error ? error.message : t("availability.saveFailed");
        setFailure(message);
        setServerErrors(error instanceof ApiError ? (error.errors ?? {}) : {});
        return { ok: false, invalid: false, message };
      } finally {
        setSaving(false);
      }
    })();
    inFlight.current = run;
    try {
      return await run;
    } finally {
      inFlight.current = null;
    }
  }, [id, queryClient]);

  const update = useCallback(
    /** delay null: the caller saves by itself (overrides, which report their own failure). */
    (change: (d: EditorDraft) => EditorDraft, delay: number | null = AUTOSAVE_MS) => {
      const next = change(draftRef.current);
      draftRef.current = next;
      setDraft(next);
      setServerErrors({});
      if (!autoSave || delay === null) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(), delay);
    },
    [autoSave, save],
  );

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    draftRef.current = savedRef.current;
    setDraft(savedRef.current);
    setServerErrors({});
    setFailure(null);
  }, []);

  // Leaving the editor (another schedule, another page) still sends a pending auto-save.
  useEffect(
    () => () => {
      if (autoSave && timer.current) void save();
    },
    [autoSave, save],
  );

  // A save that has not gone out yet would be lost by closing the tab: ask first.
  useEffect(() => {
    if (!autoSave || !dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [autoSave, dirty]);

  const invalid = Object.keys(clientErrors).length > 0;
  const state: SaveState = saving
    ? "saving"
    : failure
      ? "error"
      : dirty && invalid
        ? "invalid"
        : dirty
          ? "pending"
          : "saved";

  return { draft, saved, dirty, errors, invalid, state, failure, saving, update, save, cancel };
}

export type ScheduleEditorState = ReturnType<typeof useScheduleEditor>;

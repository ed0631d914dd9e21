/** Pure rules of a booking's details: where the meeting is, and whether the form is complete. */

/** An event type's location (contract Location has this shape). */
export interface Place {
  type: string;
  value: string;
  displayName: string;
}

export interface MeetingInfo {
  /** A joinable https link, for online locations only. */
  meetingLink: string | null;
  /** The id people read out: Zoom '123 456 7890', Google Meet 'abc-defg-hij'. */
  meetingIdFormatted: string | null;
}

export function meetingInfo(location: Place | null): MeetingInfo {
  const value = location?.value ?? "";
  const offline = location?.type === "in_person" || location?.type === "phone";
  if (!location || offline || !/^https:\/\/\S+$/i.test(value))
    return { meetingLink: null, meetingIdFormatted: null };
  const zoom = /zoom\.us\/j\/(\d{9,11})(?:\D|$)/i.exec(value)?.[1];
  if (zoom) {
    const middle = zoom.length === 11 ? 4 : 3;
    const id = `${zoom.slice(0, 3)} ${zoom.slice(3, 3 + middle)} ${zoom.slice(3 + middle)}`;
    return { meetingLink: value, meetingIdFormatted: id };
  }
  const meet = /meet\.google\.com\/([a-z]{3}-[a-z]{4}-[a-z]{3})(?:[^a-z]|$)/i.exec(value)?.[1];
  return { meetingLink: value, meetingIdFormatted: meet?.toLowerCase() ?? null };
}

export type LocationChoice<L extends Place> = { location: L | null } | { field: string; message: string };

/**
 * The location a booking keeps: the event type's own (copied, so later edits of the event type do not
 * move a booked meeting), the first one when the invitee picked none, and the invitee's answer only for
 * 'ask_invitee'. A type the event does not offer is refused.
 */
export function chooseLocation<L extends Place>(
  offered: L[],
  picked: { type: string; value?: string; displayName?: string } | undefined,
): LocationChoice<L> {
  if (!picked) return { location: offered[0] ?? null };
  // Two places of one type (two offices) differ by their value; else the type decides.
  const match =
    offered.find((l) => l.type === picked.type && l.type !== "ask_invitee" && l.value === picked.value) ??
    offered.find((l) => l.type === picked.type);
  if (!match) return { field: "location.type", message: "Choose one of this event's locations" };
  if (match.type !== "ask_invitee") return { location: match };
  const value = picked.value?.trim() ?? "";
  if (!value) return { field: "location.value", message: "Tell the host where to meet" };
  return { location: { ...match, value, displayName: picked.displayName?.trim() || match.displayName } };
}

/** The first required question without a non-blank answer, matched by its text. */
export function unansweredQuestion(
  questions: { question: string; required: boolean }[],
  answers: { question: string; answer: string }[],
): string | undefined {
  return questions.find(
    (q) => q.required && !answers.some((a) => a.question.trim() === q.question.trim() && a.answer.trim()),
  )?.question;
}

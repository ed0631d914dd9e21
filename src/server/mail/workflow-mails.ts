import type { NewOutboxMessage } from "../db/schema/index.js";
import { composeMail } from "./layout.js";
import { mailWords } from "./words.js";

/**
 * A workflow's send_email mail. Its subject and body are the host's own words (their `{{...}}`
 * placeholders already filled in by the workflow): host data, sent as written; only the layout is ours.
 */
export function workflowMail(to: string, subjectText: string, body: string): NewOutboxMessage {
  return composeMail(to, subjectText, [{ block: body }]);
}

/** The copy a host sends to themself with a workflow's "Test": marked so in the subject, in their language. */
export function workflowTestMail(mail: NewOutboxMessage, language?: string | null): NewOutboxMessage {
  return { ...mail, subject: mailWords(language).t("workflow.testSubject", { subject: mail.subject }) };
}

import { X } from "lucide-react";
import { useState } from "react";
import { MAX_TAG_LENGTH, MAX_TAGS } from "../../../contract/contacts";
import { Button, Input } from "../../components/ui";
import { t } from "../../lib/i18n";

/**
 * Tags as chips plus an input: Enter (or Add) adds the trimmed text unless it is blank or already
 * there in any case (spec section 5); each chip has a remove button.
 */
export function TagInput({
  id,
  tags,
  onChange,
}: {
  id: string;
  tags: string[];
  onChange: (tags: string[]) => void;
}) {
  const [text, setText] = useState("");
  const [note, setNote] = useState<string | null>(null);

  const add = () => {
    const tag = text.trim();
    if (!tag) return;
    if (tags.some((other) => other.toLowerCase() === tag.toLowerCase())) {
      setNote(t("contacts.tagInput.already", { tag }));
      return;
    }
    if (tags.length >= MAX_TAGS) {
      setNote(t("contacts.tagInput.max", { count: MAX_TAGS }));
      return;
    }
    onChange([...tags, tag]);
    setText("");
    setNote(null);
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex gap-2">
        <Input
          id={id}
          value={text}
          maxLength={MAX_TAG_LENGTH}
          placeholder={t("contacts.tagInput.placeholder")}
          aria-describedby={note ? `${id}-note` : undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button type="button" variant="outline" onClick={add} disabled={!text.trim()}>
          {t("contacts.tagInput.add")}
        </Button>
      </div>
      {note && (
        <p id={`${id}-note`} className="text-amber-700 text-sm" aria-live="polite">
          {note}
        </p>
      )}
      {tags.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t("contacts.tags")}>
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 ps-2.5 pe-1 text-slate-700 text-xs"
            >
              {tag}
              <button
                type="button"
                aria-label={t("contacts.tagInput.remove", { tag })}
                className="rounded-full p-0.5 text-slate-500 hover:bg-slate-200 hover:text-slate-800"
                onClick={() => onChange(tags.filter((other) => other !== tag))}
              >
                <X size={12} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { type Control, Controller, useWatch } from "react-hook-form";
import { LanguageSelect } from "../../components/LanguageSelect";
import { Field } from "../../components/ui";
import { t } from "../../lib/i18n";
import type { EditFormInput } from "./forms";
import { TranslationsField } from "./TranslationsField";

/**
 * The editor's language part (issue 27): the booking page's fixed language, and the title and
 * description in other languages (shown to invitees whose page speaks one of them).
 */
export function LanguageFields({ control }: { control: Control<EditFormInput> }) {
  const [title, description] = useWatch({ control, name: ["title", "description"] });
  return (
    <>
      <Controller
        control={control}
        name="language"
        render={({ field }) => (
          <Field
            label={t("eventTypes.edit.language")}
            htmlFor="event-language"
            hint={t("eventTypes.edit.languageHint")}
          >
            <LanguageSelect
              id="event-language"
              value={field.value ?? null}
              onChange={field.onChange}
              unsetLabel={t("eventTypes.edit.inviteeLanguage")}
            />
          </Field>
        )}
      />
      <Controller
        control={control}
        name="translations"
        render={({ field }) => (
          <TranslationsField
            value={field.value ?? {}}
            onChange={field.onChange}
            original={{ title: title ?? "", description: description ?? "" }}
          />
        )}
      />
    </>
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import { Plus } from "lucide-react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { createTeamBody } from "../../../contract/teams";
import { Button, Card, Field, Input, toast } from "../../components/ui";
import { setServerErrors } from "../../lib/formErrors";
import { t } from "../../lib/i18n";
import { teamApi, useTeamMutation } from "./queries";
import { TeamLogoField } from "./TeamLogoField";

// The contract's fields; an empty logo box means no logo (the server takes null).
const teamForm = z.object({
  name: createTeamBody.shape.name,
  logo: z
    .string()
    .trim()
    .pipe(z.union([z.literal(""), createTeamBody.shape.logo.unwrap().unwrap()])),
});

/** The "New team" form: a name and an optional logo (an uploaded image or a link). */
export function CreateTeamCard({ onCreated }: { onCreated: (teamId: string) => void }) {
  const create = useTeamMutation(teamApi.create);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(teamForm), defaultValues: { name: "", logo: "" } });
  const [name, logo] = watch(["name", "logo"]);

  const onSubmit = handleSubmit(async ({ name, logo }) => {
    try {
      const team = await create.mutateAsync({ name, logo: logo || null });
      toast.success(t("teams.create.done", { name: team.name }));
      reset();
      onCreated(team._id);
    } catch (error) {
      setServerErrors(error, setError, ["name", "logo"], "name", t("teams.create.failed"));
    }
  });

  return (
    <Card className="p-4">
      <form
        onSubmit={onSubmit}
        noValidate
        className="flex flex-col gap-3"
        aria-label={t("teams.create.button")}
      >
        <h2 className="font-semibold text-slate-900 text-sm">{t("teams.create.title")}</h2>
        <Field label={t("teams.create.name")} htmlFor="team-name" error={errors.name?.message}>
          <Input
            id="team-name"
            autoComplete="off"
            aria-required
            invalid={!!errors.name}
            aria-describedby={errors.name ? "team-name-error" : undefined}
            {...register("name")}
          />
        </Field>
        <TeamLogoField
          value={logo}
          onChange={(v) => setValue("logo", v, { shouldValidate: true, shouldDirty: true })}
          error={errors.logo?.message}
          teamName={name}
          inputProps={register("logo")}
        />
        <Button type="submit" loading={isSubmitting}>
          <Plus size={16} aria-hidden /> {t("teams.create.button")}
        </Button>
      </form>
    </Card>
  );
}

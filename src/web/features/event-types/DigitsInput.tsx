import { forwardRef, useEffect, useState } from "react";
import { type Control, Controller, type FieldValues, type Path } from "react-hook-form";
import { Input, type InputProps } from "../../components/ui";
import { digitsOnly } from "./FieldGroup";

/**
 * A whole-number input that keeps only digits as they are typed or pasted (spec 5).
 * Emptying it and leaving restores the last number, so a stray clear never saves a default.
 */
export const DigitsInput = forwardRef<
  HTMLInputElement,
  Omit<InputProps, "value" | "onChange"> & {
    value: number | undefined;
    onValueChange: (n: number) => void;
    /** Width of the control (Input itself is full width). */
    wrapperClassName?: string;
  }
>(function DigitsInput({ value, onValueChange, onBlur, wrapperClassName, ...rest }, ref) {
  const [text, setText] = useState(value === undefined ? "" : String(value));
  useEffect(() => {
    setText((current) => (current !== "" && Number(current) === value ? current : String(value ?? "")));
  }, [value]);
  return (
    <div className={wrapperClassName}>
      <Input
        ref={ref}
        inputMode="numeric"
        autoComplete="off"
        {...rest}
        value={text}
        onChange={(e) => {
          const digits = digitsOnly(e.target.value).slice(0, 6);
          setText(digits);
          if (digits) onValueChange(Number(digits));
        }}
        onBlur={(e) => {
          if (!text) setText(String(value ?? ""));
          onBlur?.(e);
        }}
      />
    </div>
  );
});

/** A DigitsInput bound to a react-hook-form field, with its error wired for screen readers. */
export function DigitsField<T extends FieldValues>({
  control,
  name,
  id,
  wrapperClassName,
  errorId,
}: {
  control: Control<T>;
  name: Path<T>;
  id: string;
  wrapperClassName: string;
  /** The id of the element showing this field's error; set only while there is one. */
  errorId?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DigitsInput
          ref={field.ref}
          id={id}
          wrapperClassName={wrapperClassName}
          className="tabular"
          value={field.value}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          invalid={!!errorId}
          aria-describedby={errorId}
        />
      )}
    />
  );
}
